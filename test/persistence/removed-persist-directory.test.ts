import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { conversationNames, createConversation, startPersistingCli } from './persist-cli.js'

describe('a durable --persist directory removed under a running server', () => {
  let dir: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-removed-dir-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('loses no answered write: the state is written anew before the answer, said once, and there after kill -9', async () => {
    const folder = join(dir, 'state')
    const file = join(folder, 'state.json')
    await mkdir(folder)
    const server = await startPersistingCli(file)
    const before = await createConversation(server.url, 'before')
    expect(before?.status).toBe(200)
    await rm(folder, { recursive: true })
    const answered = []
    for (let n = 0; n < 5; n++) {
      const result = await createConversation(server.url, `while gone ${n}`)
      expect(result?.status).toBe(200)
      answered.push(result!)
    }
    server.child.kill('SIGKILL')
    expect(await server.exited).toBe('SIGKILL')
    await server.stderrClosed
    expect(server.stderr.filter((line) => line.includes('was removed'))).toEqual([
      `conversation-asset-mock: the log of ${file} was removed (its file or its directory is gone); ${file} is written anew with every record, and the log goes on beside it.`,
    ])

    const restarted = await startPersistingCli(file)
    try {
      const names = await conversationNames(restarted.url)
      expect(names.get(before!.id!)).toBe('before')
      for (const [n, result] of answered.entries()) expect(names.get(result.id!)).toBe(`while gone ${n}`)
    } finally {
      restarted.child.kill('SIGKILL')
      await restarted.exited
    }
  }, 60_000)
})
