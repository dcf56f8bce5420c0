import { describe, expect, it } from 'vitest'
import { createMockService, type Clock, type MockService } from '../../src/index.js'
import { executeOperation } from '../../src/http/execute-operation.js'
import { createStore } from '../../src/store/create-store.js'
import { validateFixtures } from '../../src/fixtures/validate-fixtures.js'
import { defaultFixtures } from '../../src/fixtures/default-fixtures.generated.js'

/** A clock the test moves by hand. */
function handClock(iso: string): Clock & { advance(ms: number): void } {
  let now = Date.parse(iso)
  return { now: () => new Date(now), advance: (ms) => void (now += ms) }
}

async function get(service: MockService, operationId: string, params: Record<string, string> = {}, query = '') {
  const operation = service.operations.find((candidate) => candidate.id === operationId)!
  const result = await executeOperation(
    operation,
    { method: 'GET', path: '/', params, query: new URLSearchParams(query), body: '' },
    service,
  )
  if (!('json' in result)) throw new Error(`expected JSON, got ${JSON.stringify(result)}`)
  return result.json as { iterable: Array<Record<string, any>> } & Record<string, any>
}

describe('cached reads answer exactly what running the operation again would', () => {
  it('shows a write at once', async () => {
    const service = createMockService()
    await service.ready
    const before = await get(service, 'conversationsSnapshot')
    const [first] = service.store.all('conversation')
    await service.store.write((tx) => tx.update('conversation', first!.id, (draft) => void (draft.name = 'Renamed')))
    const after = await get(service, 'conversationsSnapshot')
    expect(before.iterable[0]!.name).not.toBe('Renamed')
    expect(after.iterable[0]!.name).toBe('Renamed')
  })

  it('moves readable texts on when the clock crosses into the next minute, and not before', async () => {
    const clock = handClock('2024-05-01T12:00:00.000Z')
    const service = createMockService({ clock, fixtures: {} })
    await service.ready
    await service.store.write((tx) =>
      tx.insert('conversation', { id: 'c1', type: 'COPILOT', created: '2024-05-01T11:58:00.000Z', updated: '2024-05-01T11:58:00.000Z' } as never),
    )
    const read = async () => (await get(service, 'conversationsSnapshot')).iterable[0]!.created.readable
    expect(await read()).toBe('2 minutes ago')
    clock.advance(59_000)
    expect(await read()).toBe('2 minutes ago')
    clock.advance(1_000)
    expect(await read()).toBe('3 minutes ago')
    clock.advance(-60_000)
    expect(await read()).toBe('2 minutes ago')
  })

  it('keeps answers of different queries and ids apart', async () => {
    const service = createMockService()
    await service.ready
    const [asset] = service.store.all('asset')
    const full = await get(service, 'asset_snapshot', { asset: asset!.id })
    const bare = await get(service, 'asset_snapshot', { asset: asset!.id }, 'transferables=false')
    expect(full.formats.iterable[0].fragment).toBeDefined()
    expect(bare.formats.iterable[0].fragment).toBeUndefined()
    const [, other] = service.store.all('asset')
    expect((await get(service, 'asset_snapshot', { asset: other!.id })).id).toBe(other!.id)
  })

  it('serves the same text after a reset as a fresh service', async () => {
    const clock = handClock('2024-07-01T09:00:00.000Z')
    const service = createMockService({ clock })
    await service.ready
    const first = JSON.stringify(await get(service, 'conversationsSnapshot'))
    await service.store.write((tx) => tx.remove('conversation', [...service.store.all('conversation')][0]!.id))
    await service.reset()
    expect(JSON.stringify(await get(service, 'conversationsSnapshot'))).toBe(first)
  })
})

describe('the store keeps its records in @msw/data collections', () => {
  it('holds every record after a load, a write and a reset', async () => {
    const service = createMockService()
    await service.ready
    const { store } = service
    expect(store.collections.conversation.count()).toBe(store.count('conversation'))
    const created = await store.write((tx) =>
      tx.insert('tag', { id: 'fresh-tag', text: 'fresh', created: '2024-01-01T00:00:00.000Z', updated: '2024-01-01T00:00:00.000Z' } as never),
    )
    expect(store.collections.tag.findFirst((q) => q.where({ id: created.id }))?.text).toBe('fresh')
    await service.reset()
    expect(store.collections.tag.findFirst((q) => q.where({ id: created.id }))).toBeUndefined()
    expect(store.collections.asset.findMany().map((asset) => asset.id)).toEqual([...store.all('asset')].map((asset) => asset.id))
  })

  it('keeps the collections in step with later writes, deletes included', async () => {
    const store = createStore()
    await store.replaceAll(validateFixtures(defaultFixtures))
    const [conversation] = store.all('conversation')
    expect(store.collections.conversation.count()).toBe(8)
    await store.write((tx) => tx.remove('conversation', conversation!.id))
    expect(store.collections.conversation.count()).toBe(7)
    expect(store.collections.conversation.findFirst((q) => q.where({ id: conversation!.id }))).toBeUndefined()
    expect(store.collections.message.count()).toBe(store.count('message'))
  })

  it('shows a write in a collection read while the write is under way', async () => {
    const store = createStore()
    await store.replaceAll(validateFixtures(defaultFixtures))
    const [conversation] = store.all('conversation')
    const write = store.write((tx) => tx.update('conversation', conversation!.id, (draft) => void (draft.name = 'During')))
    const collection = store.collections.conversation
    await write
    expect(collection.findFirst((q) => q.where({ id: conversation!.id }))?.name).toBe('During')
    expect(collection.findMany().map((record) => record.id)).toEqual([...store.all('conversation')].map((record) => record.id))
    await store.write((tx) => tx.update('conversation', conversation!.id, (draft) => void (draft.name = 'After')))
    expect(collection.findFirst((q) => q.where({ id: conversation!.id }))?.name).toBe('After')
    await collection.update((q) => q.where({ id: conversation!.id }), { data: (draft) => void (draft.name = 'Library') })
    expect(collection.findFirst((q) => q.where({ id: conversation!.id }))?.name).toBe('Library')
  })

  it('parses records that did not come through validateFixtures() and refuses bad ones', async () => {
    const store = createStore()
    await store.replaceAll({ tag: [{ id: 't1', text: 'react', created: '2024-01-01T00:00:00.000Z', updated: '2024-01-01T00:00:00.000Z' } as never] })
    expect(store.get('tag', 't1')).toMatchObject({ category: 'UNKNOWN', assets: [] })
    await expect(store.replaceAll({ tag: [{ id: 't2', text: 3 } as never] })).rejects.toThrow(
      /Failed to load the records: the tag "t2" does not match its schema at text/,
    )
    expect(store.get('tag', 't1')).toBeDefined()
  })
})
