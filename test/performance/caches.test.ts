import { describe, expect, it } from 'vitest'
import { createMockService, type Clock, type MockService } from '../../src/index.js'
import { bodyText } from '../../src/execution/answer.js'

/** A clock the test moves by hand. */
function handClock(iso: string): Clock & { advance(ms: number): void } {
  let now = Date.parse(iso)
  return { now: () => new Date(now), advance: (ms) => void (now += ms) }
}

async function get(service: MockService, operationId: string, params: Record<string, string> = {}, query = '') {
  const operation = service.operations.find((candidate) => candidate.id === operationId)!
  const answer = await service.answer(
    { operation, params },
    { method: 'GET', path: '/', query: new URLSearchParams(query), body: '' },
  )
  if ('networkError' in answer || answer.body === undefined)
    throw new Error(`expected JSON, got ${JSON.stringify(answer)}`)
  const text = bodyText(answer.body)
  return JSON.parse(text) as { iterable: Array<Record<string, any>> } & Record<string, any>
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
      tx.insert('conversation', {
        id: 'c1',
        type: 'COPILOT',
        created: '2024-05-01T11:58:00.000Z',
        updated: '2024-05-01T11:58:00.000Z',
      } as never),
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

describe('a read the cache answers is journaled and faulted like one that runs', () => {
  /** Answers GET `path` through the service's own router, as a transport does. */
  async function routed(service: MockService, path: string, query = '') {
    const route = service.route('GET', path)!
    const answer = await service.answer(route, { method: 'GET', path, query: new URLSearchParams(query), body: '' })
    if ('networkError' in answer) throw new Error('expected an answer, got a network error')
    return answer
  }

  it('journals a cached read with the fields of the read that filled the cache', async () => {
    const service = createMockService({ clock: handClock('2024-05-01T12:00:00.000Z') })
    await service.ready
    const [asset] = service.store.all('asset')
    const path = `/asset/${asset!.id}`
    // The first read runs; the second runs again and is kept; the third is answered from the cache.
    const ran = await routed(service, path)
    await routed(service, path)
    const cached = await routed(service, path)
    expect(bodyText(cached.body!)).toBe(bodyText(ran.body!))
    const [first, , second] = service.journal.entries
    const { durationMs: firstMs, ...firstFields } = first!
    const { durationMs: secondMs, ...secondFields } = second!
    expect(secondFields).toEqual(firstFields)
    expect(Object.keys(second!)).toEqual(Object.keys(first!))
    expect(second).toMatchObject({ operation: 'asset_snapshot', method: 'GET', path, params: { asset: asset!.id } })
    expect(second!.at).toBe('2024-05-01T12:00:00.000Z')
    expect(secondMs).toBeGreaterThanOrEqual(0)
    expect(firstMs).toBeGreaterThanOrEqual(0)
    expect(service.journal.response(service.journal.lastId)?.body).toBe(bodyText(ran.body!))
  })

  it('applies a fault added after a cached read to the next read, and the cache again once it is spent', async () => {
    const service = createMockService()
    await service.ready
    const before = await routed(service, '/conversations')
    await routed(service, '/conversations')
    await routed(service, '/conversations')
    service.faults.add({ operation: 'conversationsSnapshot', status: 503, times: 1 })
    const faulted = await routed(service, '/conversations')
    expect(faulted.status).toBe(503)
    const entry = service.journal.entry(service.journal.lastId)
    expect(entry).toMatchObject({ status: 503, operation: 'conversationsSnapshot' })
    expect(entry!.faultId).toBeDefined()
    const after = await routed(service, '/conversations')
    expect(after.status).toBe(200)
    expect(bodyText(after.body!)).toBe(bodyText(before.body!))
    expect(service.journal.entry(service.journal.lastId)!.faultId).toBeUndefined()
  })

  it('keeps the cached answers of two routed ids apart', async () => {
    const service = createMockService()
    await service.ready
    const [one, two] = service.store.all('asset')
    for (let round = 0; round < 3; round++) {
      expect(JSON.parse(bodyText((await routed(service, `/asset/${one!.id}`)).body!)).id).toBe(one!.id)
      expect(JSON.parse(bodyText((await routed(service, `/asset/${two!.id}`)).body!)).id).toBe(two!.id)
    }
  })

  it('answers a cached read with a query as its own, and journals the query', async () => {
    const service = createMockService()
    await service.ready
    const [asset] = service.store.all('asset')
    const path = `/asset/${asset!.id}`
    await routed(service, path)
    await routed(service, path)
    const bare = JSON.parse(bodyText((await routed(service, path, 'transferables=false')).body!))
    expect(bare.formats.iterable[0].fragment).toBeUndefined()
    expect(service.journal.entry(service.journal.lastId)!.query).toEqual({ transferables: 'false' })
  })
})
