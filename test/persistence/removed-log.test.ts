import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

describe('a durable log removed under a running server', () => {
  let dir: string
  let folder: string
  let file: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-removed-log-'))
    folder = join(dir, 'state')
    file = join(folder, 'state.json')
    await mkdir(folder)
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  async function create(url: string, name: string): Promise<{ status: number; text: string }> {
    const response = await fetch(`${url}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COPILOT', name }),
    })
    return { status: response.status, text: await response.text() }
  }

  it('writes the state anew when only the log file is removed, and loads every answered write', async () => {
    const said: string[] = []
    const server = await startStandaloneServer({
      port: 0,
      persist: file,
      scenario: 'empty',
      warn: (line) => said.push(line),
    })
    expect((await create(server.url, 'before')).status).toBe(200)
    for (const name of await readdir(folder)) if (name.includes('.log.')) await rm(join(folder, name))
    expect((await create(server.url, 'after')).status).toBe(200)
    expect(said.filter((line) => line.includes('was removed'))).toHaveLength(1)
    expect(await readdir(folder)).toContain('state.json')
    // Stopped without a final save: what is on disk now is what a crash would leave.
    const copy = join(dir, 'copy.json')
    await copyFile(file, copy)
    for (const name of await readdir(folder))
      if (name.includes('.log.')) await copyFile(join(folder, name), `${copy}${name.slice('state.json'.length)}`)
    await server.close()
    const reloaded = await startStandaloneServer({ port: 0, persist: copy, scenario: 'empty' })
    try {
      const names = reloaded.service.store.snapshot().records.conversation?.map((record) => record.name)
      expect(names).toEqual(expect.arrayContaining(['before', 'after']))
    } finally {
      await reloaded.close()
    }
  })

  it('refuses the write (507, nothing changed) when the directory cannot be created again', async () => {
    const said: string[] = []
    const server = await startStandaloneServer({
      port: 0,
      persist: file,
      scenario: 'empty',
      warn: (line) => said.push(line),
    })
    try {
      await rm(folder, { recursive: true })
      // A file where the directory was: it cannot be created again.
      await writeFile(folder, 'in the way')
      const refused = await create(server.url, 'refused')
      expect(refused.status).toBe(507)
      expect(refused.text).toContain('could not be saved')
      const names = server.service.store.snapshot().records.conversation?.map((record) => record.name) ?? []
      expect(names).not.toContain('refused')
      expect(said.some((line) => line.startsWith(`conversation-asset-mock: Failed to save writes in ${file}`))).toBe(
        true,
      )
    } finally {
      await rm(folder, { force: true })
      await server.close()
    }
  })
})
