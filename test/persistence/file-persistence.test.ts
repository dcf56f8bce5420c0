import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Configuration, ConversationsApi } from '@pieces.app/pieces-os-client'
import { PersistedStateError } from 'conversation-asset-mock'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

describe('demo persistence in the standalone server (--persist FILE)', () => {
  let dir: string
  let file: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-persist-'))
    file = join(dir, 'state.json')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('keeps records across a restart', async () => {
    const first = await startStandaloneServer({ port: 0, persist: file })
    const api = new ConversationsApi(new Configuration({ basePath: first.url }))
    const created = await api.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'Survives' },
    })
    await first.close()

    const second = await startStandaloneServer({ port: 0, persist: file })
    try {
      expect(second.service.store.get('conversation', created.id)?.name).toBe('Survives')
      expect(second.service.store.count('conversation')).toBe(9)
    } finally {
      await second.close()
    }
  })

  it('creates new records after a restart, under ids the persisted ones do not have', async () => {
    const first = await startStandaloneServer({ port: 0, persist: file })
    const before = new ConversationsApi(new Configuration({ basePath: first.url }))
    const earlier = await before.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'Before' },
    })
    await first.close()

    // The restarted server draws ids from the same seeded sequence as the first run did.
    const second = await startStandaloneServer({ port: 0, persist: file })
    try {
      const after = new ConversationsApi(new Configuration({ basePath: second.url }))
      const later = await after.conversationsCreateSpecificConversation({
        seededConversation: { type: 'COPILOT', name: 'After' },
      })
      expect(later.id).not.toBe(earlier.id)
      expect(second.service.store.get('conversation', earlier.id)?.name).toBe('Before')
      expect(second.service.store.get('conversation', later.id)?.name).toBe('After')
    } finally {
      await second.close()
    }
  })

  it('writes the file atomically, leaving no temporary file behind', async () => {
    const server = await startStandaloneServer({ port: 0, persist: file })
    const api = new ConversationsApi(new Configuration({ basePath: server.url }))
    await Promise.all(Array.from({ length: 20 }, () => api.conversationsCreateSpecificConversation({})))
    await server.close()
    expect(await readdir(dir)).toEqual(['state.json'])
    const saved = JSON.parse(await readFile(file, 'utf8')) as { version: number; records: { conversation: unknown[] } }
    expect(saved.version).toBe(1)
    expect(saved.records.conversation).toHaveLength(28)
  })

  it('refuses a corrupt file with a clear message and keeps it as it was', async () => {
    const corrupt = '{"format":"conversation-asset-mock/state","version":1,"records":{"message":[{"id":"m1"}]}}'
    await writeFile(file, corrupt)
    const failure = await startStandaloneServer({ port: 0, persist: file }).then(
      (server) => server.close().then(() => undefined),
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(PersistedStateError)
    expect((failure as Error).message).toMatch(
      new RegExp(
        `^Failed to load the persisted state in ${file}: .*messages\\.json, record "m1", field "conversation"`,
      ),
    )
    expect(await readFile(file, 'utf8')).toBe(corrupt)
  })

  it('refuses a file of another format or version without touching it', async () => {
    await writeFile(file, '{"format":"conversation-asset-mock/state","version":99}')
    await expect(startStandaloneServer({ port: 0, persist: file })).rejects.toThrow(
      /it is version 99, this mock reads version 1/,
    )
    await writeFile(file, 'not json')
    await expect(startStandaloneServer({ port: 0, persist: file })).rejects.toThrow(/it is not JSON/)
    expect(await readFile(file, 'utf8')).toBe('not json')
  })
})
