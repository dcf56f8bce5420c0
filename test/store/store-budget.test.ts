import { describe, expect, it } from 'vitest'
import { MockServiceError } from '../../src/errors.js'
import { createStore } from '../../src/store/create-store.js'
import { fixedClock } from '../../src/store/clock-and-ids/clock.js'
import { createStoreBudget } from '../../src/store/store-budget.js'

const at = '2024-05-01T12:00:00.000Z'

/** A conversation record holding `text` as its name. */
const conversation = (id: string, text: string) =>
  ({ id, type: 'COPILOT', name: text, created: at, updated: at }) as never

/** Runs a write expected to be refused and gives the error it was refused with. */
async function refusal(run: () => Promise<unknown>): Promise<MockServiceError> {
  const error: unknown = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(MockServiceError)
  return error as MockServiceError
}

describe('the store budget', () => {
  it('counts the text a write stores, and gives it back when the record is deleted', async () => {
    const store = createStore({ clock: fixedClock(at), maxBytes: 1024 * 1024 })
    const empty = store.bytes().used
    await store.write((tx) => tx.insert('conversation', conversation('c1', 'x'.repeat(100_000))))
    const filled = store.bytes().used
    expect(filled - empty).toBeGreaterThanOrEqual(100_000)
    expect(filled - empty).toBeLessThan(101_000)
    await store.write((tx) => tx.remove('conversation', 'c1'))
    // Only the tombstone that makes the id read as deleted is left.
    expect(store.bytes().used - empty).toBeLessThan(100)
  })

  it('counts persons and workstream events as it counts every kind: a context past the budget is refused', async () => {
    const store = createStore({ clock: fixedClock(at), maxBytes: 100_000 })
    const application = {
      id: 'app',
      name: 'VS_CODE',
      version: '1',
      platform: 'MACOS',
      onboarded: true,
      privacy: 'OPEN',
    }
    await store.write((tx) =>
      tx.insert('person', { id: 'p1', type: { basic: { name: 'x'.repeat(40_000) } }, created: at, updated: at }),
    )
    expect(store.bytes().used).toBeGreaterThan(40_000)
    const event = { id: 'e1', application, trigger: { copy: true }, created: at, updated: at }
    const error = await refusal(() =>
      store.write((tx) =>
        tx.insert('workstreamEvent', { ...event, context: { ide: { name: 'y'.repeat(80_000) } } } as never),
      ),
    )
    expect(error.status).toBe(507)
    expect(store.count('workstreamEvent')).toBe(0)
  })

  it('refuses a write past the budget with 507 and a message naming it, and changes nothing', async () => {
    const store = createStore({ clock: fixedClock(at), maxBytes: 250_000 })
    await store.write((tx) => tx.insert('conversation', conversation('c1', 'x'.repeat(200_000))))
    const before = store.bytes().used
    let heard = 0
    store.subscribe(() => heard++)
    const error = await refusal(() =>
      store.write((tx) => {
        tx.insert('conversation', conversation('c2', 'small'))
        tx.insert('conversation', conversation('c3', 'y'.repeat(100_000)))
      }),
    )
    expect(error.status).toBe(507)
    expect(error.message).toContain('250000-byte budget (maxStoreBytes)')
    expect(error.message).toContain('--max-store-bytes')
    expect(store.count('conversation')).toBe(1)
    expect(store.get('conversation', 'c2')).toBeUndefined()
    expect(store.bytes().used).toBe(before)
    expect(heard).toBe(0)
  })

  it('lets a write that frees bytes through even when the store is full', async () => {
    const store = createStore({ clock: fixedClock(at), maxBytes: 150_000 })
    await store.write((tx) => tx.insert('conversation', conversation('c1', 'x'.repeat(140_000))))
    await refusal(() => store.write((tx) => tx.insert('conversation', conversation('c2', 'y'.repeat(20_000)))))
    await store.write((tx) => tx.update('conversation', 'c1', (draft) => void (draft.name = 'short')))
    await store.write((tx) => tx.insert('conversation', conversation('c2', 'y'.repeat(20_000))))
    expect(store.count('conversation')).toBe(2)
  })

  it('refuses records to load that do not fit, and keeps the records it had', async () => {
    const store = createStore({ clock: fixedClock(at), maxBytes: 100_000 })
    await store.replaceAll({ conversation: [conversation('c1', 'kept')] })
    const error = await refusal(() => store.replaceAll({ conversation: [conversation('c2', 'x'.repeat(200_000))] }))
    expect(error.status).toBe(507)
    expect(error.message).toContain('100000-byte budget')
    expect(store.get('conversation', 'c1')?.name).toBe('kept')
    expect(store.get('conversation', 'c2')).toBeUndefined()
  })

  it('counts a record as the UTF-8 bytes of its JSON, escapes included, and a slot per value', () => {
    const budget = createStoreBudget(1024)
    const records = [
      { id: 'plain', name: 'ascii text' },
      {
        id: 'escapes',
        name: '\u0001\u001f\n"\\',
        list: [1, 'a', {}],
        on: true,
        off: false,
        none: null,
        rate: -12.5e-7,
      },
      { id: 'wide', name: 'é中😀\u2028', lone: '\ud800x' },
    ]
    for (const record of records) {
      let values = 0
      const count = (value: unknown): void => {
        values++
        if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) count(item)
      }
      count(record)
      const json = Buffer.byteLength(JSON.stringify(record))
      // Exactly the JSON a persisted file writes, plus 16 bytes a value and at most a separator a container.
      expect(budget.sizeOf(record) - 16 * values - json).toBeGreaterThanOrEqual(0)
      expect(budget.sizeOf(record) - 16 * values - json).toBeLessThanOrEqual(2)
    }
    expect(budget.tombstoneOf('\u0001')).toBe(6 + 2 + 16)
  })

  it('refuses (507) the write whose serialized bytes pass the budget, though its characters would fit', async () => {
    const store = createStore({ clock: fixedClock(at), maxBytes: 1024 * 1024 })
    // 200 000 control characters are 1 200 000 bytes of JSON: past 1 MiB, though only 200 000 characters.
    const error = await refusal(() =>
      store.write((tx) => tx.insert('conversation', conversation('c1', '\u0001'.repeat(200_000)))),
    )
    expect(error.status).toBe(507)
    expect(store.get('conversation', 'c1')).toBeUndefined()
    await store.write((tx) => tx.insert('conversation', conversation('c2', '\u0001'.repeat(150_000))))
    expect(store.bytes().used).toBeGreaterThan(6 * 150_000)
  })

  it('names a budget that is not a whole number of bytes above 0', () => {
    expect(() => createStore({ maxBytes: 0 })).toThrow(/Failed to create the store: maxStoreBytes 0/)
    expect(() => createStore({ maxBytes: 1.5 })).toThrow(/whole number of bytes above 0/)
  })

  it('counts the records of every store sharing a budget together, and refuses a write past it in any of them', async () => {
    const budget = createStoreBudget(150_000)
    const first = createStore({ clock: fixedClock(at), budget })
    const second = createStore({ clock: fixedClock(at), budget })
    await first.write((tx) => tx.insert('conversation', conversation('c1', 'x'.repeat(100_000))))
    const error = await refusal(() =>
      second.write((tx) => tx.insert('conversation', conversation('c2', 'y'.repeat(60_000)))),
    )
    expect(error.message).toContain('150000-byte budget (maxStoreBytes)')
    expect(second.count('conversation')).toBe(0)
    expect(budget.used()).toBe(first.bytes().used)
    const replaced = await refusal(() => second.replaceAll({ conversation: [conversation('c3', 'z'.repeat(60_000))] }))
    expect(replaced.message).toContain('other mocks sharing the budget')
  })

  it('gives a released store’s bytes back to the budget it shares', async () => {
    const budget = createStoreBudget(150_000)
    const first = createStore({ clock: fixedClock(at), budget })
    const second = createStore({ clock: fixedClock(at), budget })
    await first.write((tx) => tx.insert('conversation', conversation('c1', 'x'.repeat(100_000))))
    first.release()
    expect(first.count('conversation')).toBe(0)
    await second.write((tx) => tx.insert('conversation', conversation('c2', 'y'.repeat(100_000))))
    expect(budget.used()).toBe(second.bytes().used)
  })

  it('gives back the bytes of writes it undoes', async () => {
    const store = createStore({ clock: fixedClock(at), maxBytes: 1024 * 1024 })
    await store.write((tx) => tx.insert('conversation', conversation('c1', 'kept')))
    const before = store.bytes().used
    const changes: Parameters<typeof store.undo>[0][number][] = []
    store.subscribe((event) => event.type === 'write' && changes.unshift(...[...event.changes].reverse()))
    await store.write((tx) => tx.insert('conversation', conversation('c2', 'x'.repeat(100_000))))
    await store.write((tx) => tx.remove('conversation', 'c1'))
    store.undo(changes)
    expect(store.get('conversation', 'c1')?.name).toBe('kept')
    expect(store.get('conversation', 'c2')).toBeUndefined()
    expect(store.bytes().used).toBe(before)
  })
})
