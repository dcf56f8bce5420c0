import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Configuration, OSApi, WorkstreamPatternEngineApi } from '@pieces.app/pieces-os-client'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/** Posts a control-plane body; fails the test unless it is taken. */
async function control(baseUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}/__mock${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })
  const text = await response.text()
  expect(response.status, text).toBeLessThan(300)
}

describe('the OS state in the standalone server (--persist FILE)', () => {
  let dir: string
  let file: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-os-persist-'))
    file = join(dir, 'state.json')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('keeps the permissions, update status, picker answers, applets and long-term memory across a restart', async () => {
    const first = await startStandaloneServer({ port: 0, persist: file })
    try {
      const os = new OSApi(new Configuration({ basePath: first.url }))
      await control(first.url, '/os/permissions', { accessibility: false })
      await control(first.url, '/os/update', { status: 'DOWNLOADING', percentage: 60 })
      await control(first.url, '/os/pickers/folders', [['/Users/ada/project'], ['/Users/ada/notes']])
      expect(await os.osFilesystemPickFolders()).toEqual(['/Users/ada/project'])
      await os.osAppletLaunch({ inactiveOSServerApplet: { type: 'SAVED_MATERIALS' } })
      await new WorkstreamPatternEngineApi(
        new Configuration({ basePath: first.url }),
      ).workstreamPatternEngineProcessorsVisionActivate({
        workstreamPatternEngineStatus: { vision: { activation: { continuous: true } } },
      })
    } finally {
      await first.close()
    }

    const second = await startStandaloneServer({ port: 0, persist: file })
    try {
      const os = new OSApi(new Configuration({ basePath: second.url }))
      const memory = new WorkstreamPatternEngineApi(new Configuration({ basePath: second.url }))
      expect((await os.osPermissions()).processing).toEqual({ vision: true, accessibility: false })
      expect(await os.osUpdateCheck({ uncheckedOSServerUpdate: {} })).toEqual({ status: 'DOWNLOADING', percentage: 60 })
      expect((await memory.workstreamPatternEngineProcessorsVisionStatus()).vision?.activation).toEqual({
        continuous: true,
      })
      expect(await os.osFilesystemPickFolders()).toEqual(['/Users/ada/notes'])
      const state = (await (await fetch(`${second.url}/__mock/os`)).json()) as { applets: string[] }
      expect(state.applets).toEqual(['SAVED_MATERIALS'])
    } finally {
      await second.close()
    }
  })
})
