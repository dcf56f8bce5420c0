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
