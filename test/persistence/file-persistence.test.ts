import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Configuration, ConversationsApi } from '@pieces.app/pieces-os-client'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseStateFileText } from './state-file-text.js'

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
    const saved = parseStateFileText(await readFile(file, 'utf8'))
    expect(saved.version).toBe(2)
    expect(saved.records.conversation).toHaveLength(28)
    expect(saved.end).toBe(
      28 +
        Object.values(saved.gone).flat().length +
        Object.entries(saved.records)
          .filter(([kind]) => kind !== 'conversation')
          .reduce((sum, [, list]) => sum + list.length, 0),
    )
  })

  it('loads a file holding a record it cannot validate without that record, names it, and keeps the file as it was', async () => {
    const corrupt =
      '{"format":"conversation-asset-mock/state","version":1,"records":{"message":[{"id":"m1"}],"tag":[{"id":"t1","text":"kept","created":"2024-05-01T12:00:00.000Z","updated":"2024-05-01T12:00:00.000Z"}]}}'
    await writeFile(file, corrupt)
    const said: string[] = []
    const server = await startStandaloneServer({ port: 0, persist: file, warn: (line) => said.push(line) })
    try {
      expect(server.service.store.get('tag', 't1')?.text).toBe('kept')
      expect(server.service.store.get('message', 'm1')).toBeUndefined()
      expect(said.join('\n')).toMatch(/messages\.json, record "m1", field "conversation".*left out/)
      expect(await readFile(`${file}.damaged`, 'utf8')).toBe(corrupt)
    } finally {
      await server.close()
    }
  })

  it('refuses a file of another format or version without touching it', async () => {
    await writeFile(file, '{"format":"conversation-asset-mock/state","version":99}')
    await expect(startStandaloneServer({ port: 0, persist: file })).rejects.toThrow(
      /it is version 99, this mock reads versions 1 and 2/,
    )
    await writeFile(file, 'not json')
    await expect(startStandaloneServer({ port: 0, persist: file })).rejects.toThrow(/it is not JSON/)
    expect(await readFile(file, 'utf8')).toBe('not json')
  })
})
