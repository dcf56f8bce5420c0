import { describe, expect, it } from 'vitest'
import { createNamedSnapshots } from '../../src/control/inspection/named-snapshots.js'
import { createMockService } from '../../src/core/create-mock-service.js'
import type { StoreSnapshot } from '../../src/store/create-store.js'
import { send, statusOf, textOf } from '../reliability/in-process.js'

/** A snapshot target whose state is whatever the test puts in `state`. */
function fakeTarget() {
  const target = {
    state: { records: {}, gone: {} } as StoreSnapshot,
    snapshot: () => target.state,
    restore: async () => {},
    now: () => new Date('2024-05-01T12:00:00.000Z'),
  }
  return target
}

/** A state of one tag whose text is `size` characters long. */
const stateOf = (size: number, id = 't1'): StoreSnapshot =>
  ({ records: { tag: [{ id, text: 'x'.repeat(size) }] }, gone: {} }) as unknown as StoreSnapshot

describe('snapshots kept by id', () => {
  it('deletes a snapshot over HTTP: 204, then it is neither listed nor restorable, and a second delete is 404', async () => {
    const service = createMockService()
    await service.ready
    const taken = JSON.parse(textOf(await send(service, 'POST', '/__mock/snapshots'))) as { id: string }
    expect(statusOf(await send(service, 'DELETE', `/__mock/snapshots/${taken.id}`))).toBe(204)
    expect(JSON.parse(textOf(await send(service, 'GET', '/__mock/snapshots')))).toEqual({ snapshots: [] })
    expect(statusOf(await send(service, 'POST', `/__mock/snapshots/${taken.id}/restore`))).toBe(404)
    const again = await send(service, 'DELETE', `/__mock/snapshots/${taken.id}`)
    expect(statusOf(again)).toBe(404)
    expect(textOf(again)).toBe(`No snapshot "${taken.id}" is kept. GET /__mock/snapshots lists them.`)
    expect(service.inspection.snapshots.bytes).toBe(0)
  })

  it('names a snapshot over HTTP, and refuses a name that is not 1 to 80 characters of text, keeping nothing', async () => {
    const service = createMockService()
    await service.ready
    const named = await send(service, 'POST', '/__mock/snapshots', JSON.stringify({ name: '  before the import ' }))
    expect(statusOf(named)).toBe(201)
    expect(JSON.parse(textOf(named))).toMatchObject({ id: 'snapshot-1', name: 'before the import' })
    for (const name of ['', 'x'.repeat(81), 42]) {
      const refused = await send(service, 'POST', '/__mock/snapshots', JSON.stringify({ name }))
      expect(statusOf(refused)).toBe(400)
      expect(textOf(refused)).toContain('its name must be text of 1 to 80 characters')
    }
    expect(service.inspection.snapshots.list().map((info) => info.name)).toEqual(['before the import'])
  })

  it('deletes a snapshot in process and tells the inspector', async () => {
    const service = createMockService()
    await service.ready
    const events: string[] = []
    service.inspection.subscribe((event) => events.push(event.type))
    const { id } = service.inspection.snapshots.take()
    expect(service.inspection.snapshots.delete(id)).toBe(true)
    expect(service.inspection.snapshots.delete(id)).toBe(false)
    expect(service.inspection.snapshots.list()).toEqual([])
    expect(events).toEqual(['snapshots', 'snapshots'])
  })

  it('keeps them across a reset, so a snapshot taken before one can be restored after it', async () => {
    const service = createMockService()
    await service.ready
    const [first] = service.store.all('conversation')
    expect(statusOf(await send(service, 'POST', `/conversations/${first!.id}/delete`))).toBe(204)
    const { id } = service.inspection.snapshots.take()
    await service.reset()
    expect(service.store.get('conversation', first!.id)).toBeDefined()
    expect(service.inspection.snapshots.list().map((info) => info.id)).toEqual([id])
    expect(await service.inspection.snapshots.restore(id)).toBe(true)
    expect(service.store.get('conversation', first!.id)).toBeUndefined()
  })

  it('keeps the newest 64', () => {
    const snapshots = createNamedSnapshots(fakeTarget())
    for (let taken = 0; taken < 70; taken++) snapshots.take()
    const ids = snapshots.list().map((info) => info.id)
    expect(ids).toHaveLength(64)
    expect(ids[0]).toBe('snapshot-7')
  })

  it('lets the oldest go past the byte limit, counting a record many snapshots share once', () => {
    const target = fakeTarget()
    const snapshots = createNamedSnapshots(target, { bytes: 350_000 })
    target.state = stateOf(100_000)
    for (let taken = 0; taken < 10; taken++) snapshots.take()
    expect(snapshots.list()).toHaveLength(10)
    expect(snapshots.bytes).toBeGreaterThan(100_000)
    expect(snapshots.bytes).toBeLessThan(101_000)
    for (let taken = 0; taken < 10; taken++) {
      target.state = stateOf(100_000, `t${taken}`)
      snapshots.take()
    }
    expect(snapshots.list().map((info) => info.id)).toEqual(['snapshot-18', 'snapshot-19', 'snapshot-20'])
    expect(snapshots.bytes).toBeLessThanOrEqual(350_000)
    for (const { id } of snapshots.list()) snapshots.delete(id)
    expect(snapshots.bytes).toBe(0)
  })

  it('keeps the newest snapshot even when it alone passes the byte limit', () => {
    const target = fakeTarget()
    const snapshots = createNamedSnapshots(target, { bytes: 1_000 })
    target.state = stateOf(5_000)
    snapshots.take()
    snapshots.take()
    expect(snapshots.list().map((info) => info.id)).toEqual(['snapshot-2'])
  })
})
