import { describe, expect, it } from 'vitest'
import { MockServiceError } from '../../src/errors.js'
import { createStore } from '../../src/store/create-store.js'
import { fixedClock, instantOf, isoTimestamp } from '../../src/store/clock-and-ids/clock.js'
import { seededIds } from '../../src/store/clock-and-ids/seeded-ids.js'
import type { StoreEvent } from '../../src/store/create-store.js'
import type { Transaction } from '../../src/store/transaction/transaction.js'

const at = '2024-05-01T12:00:00.000Z'

async function storeWithAssetAndConversation() {
  const store = createStore({ clock: fixedClock(at) })
  await store.replaceAll({
    conversation: [{ id: 'c1', type: 'COPILOT', created: at, updated: at } as never],
    asset: [{ id: 'a1', created: at, updated: at, formats: ['f1'], original: 'f1', preview: { base: 'f1' } } as never],
    format: [
      { id: 'f1', asset: 'a1', classification: { generic: 'CODE', specific: 'ts' }, created: at, updated: at } as never,
    ],
  })
  return store
}

describe('the store', () => {
  it('finds records by id and lists them in creation order', async () => {
    const store = await storeWithAssetAndConversation()
    expect(store.get('conversation', 'c1')?.type).toBe('COPILOT')
    expect(store.get('conversation', 'nope')).toBeUndefined()
    await store.write((tx) =>
      tx.insert('conversation', { id: 'c2', type: 'COPILOT', created: at, updated: at } as never),
    )
    expect(Array.from(store.all('conversation'), (c) => c.id)).toEqual(['c1', 'c2'])
  })

  it('keeps the @msw/data collections in step with what it serves', async () => {
    const store = await storeWithAssetAndConversation()
    await store.write((tx) => tx.link('conversation', 'c1', 'assets', 'a1'))
    const collections = await store.collections()
    const stored = collections.conversation.findFirst((q) => q.where({ id: 'c1' }))
    expect(stored?.assets).toEqual(['a1'])
    expect(collections.asset.findFirst((q) => q.where({ id: 'a1' }))?.conversations).toEqual(['c1'])
  })

  it('stores a link on both records and removes it from both', async () => {
    const store = await storeWithAssetAndConversation()
    await store.write((tx) => tx.link('conversation', 'c1', 'assets', 'a1'))
    expect(store.get('conversation', 'c1')!.assets).toEqual(['a1'])
    expect(store.get('asset', 'a1')!.conversations).toEqual(['c1'])
    await store.write((tx) => tx.unlink('conversation', 'c1', 'assets', 'a1'))
    expect(store.get('conversation', 'c1')!.assets).toEqual([])
    expect(store.get('asset', 'a1')!.conversations).toEqual([])
  })

  it('keeps the links and scores of records created without any apart: a change to one leaves the others as they were', async () => {
    const store = await storeWithAssetAndConversation()
    await store.write((tx) => {
      tx.insert('conversation', { id: 'c2', type: 'COPILOT', created: at, updated: at } as never)
      tx.insert('conversation', { id: 'c3', type: 'COPILOT', created: at, updated: at } as never)
    })
    await store.write((tx) => tx.link('conversation', 'c2', 'assets', 'a1'))
    await store.write((tx) => tx.update('conversation', 'c2', (draft) => void (draft.score.manual += 1)))
    expect(store.get('conversation', 'c2')!.assets).toEqual(['a1'])
    expect(store.get('conversation', 'c2')!.score.manual).toBe(1)
    for (const id of ['c1', 'c3']) {
      expect(store.get('conversation', id)!.assets, id).toEqual([])
      expect(store.get('conversation', id)!.score.manual, id).toBe(0)
    }
    // Editing a stored record in place, instead of through write(), fails loudly.
    expect(() => (store.get('conversation', 'c3')!.assets as string[]).push('a1')).toThrow(TypeError)
  })

  it('gives a new record an id that no loaded record or tombstone has, though the same id sequence made them', async () => {
    const conversation = (tx: Transaction) =>
      tx.insert('conversation', { id: tx.id(), type: 'COPILOT', created: at, updated: at } as never).id
    const earlier = createStore({ clock: fixedClock(at), createId: seededIds(3) })
    await earlier.replaceAll({})
    const kept = await earlier.write(conversation)
    const deleted = await earlier.write(conversation)
    await earlier.write((tx) => tx.remove('conversation', deleted))

    const later = createStore({ clock: fixedClock(at), createId: seededIds(3) })
    const { records, gone } = earlier.snapshot()
    await later.replaceAll(records, gone)
    const created = await later.write(conversation)
    expect([kept, deleted]).not.toContain(created)
    expect(later.get('conversation', kept)).toBeDefined()
    expect(later.isGone('conversation', deleted)).toBe(true)
  })

  it('never gives out an id that a record was inserted under by hand', async () => {
    const ids = ['id-1', 'id-2', 'id-3']
    const store = createStore({ clock: fixedClock(at), createId: () => ids.shift()! })
    await store.replaceAll({})
    await store.write((tx) =>
      tx.insert('conversation', { id: 'id-1', type: 'COPILOT', created: at, updated: at } as never),
    )
    const made = await store.write((tx) => [tx.id(), tx.id()])
    expect(made).toEqual(['id-2', 'id-3'])
  })

  it('refuses a record inserted under an id a record already has, and keeps the first', async () => {
    const store = await storeWithAssetAndConversation()
    const write = store.write((tx) =>
      tx.insert('conversation', { id: 'c1', type: 'UNKNOWN', created: at, updated: at } as never),
    )
    await expect(write).rejects.toThrow('A conversation with id "c1" already exists.')
    expect(store.get('conversation', 'c1')!.type).toBe('COPILOT')
  })

  it('changes nothing when a write fails half-way', async () => {
    const store = await storeWithAssetAndConversation()
    const write = store.write((tx) => {
      tx.link('conversation', 'c1', 'assets', 'a1')
      tx.link('conversation', 'c1', 'websites', 'missing-website')
    })
    await expect(write).rejects.toBeInstanceOf(MockServiceError)
    expect(store.get('conversation', 'c1')!.assets).toEqual([])
    expect(store.get('asset', 'a1')!.conversations).toEqual([])
  })

  it('runs writes one after another so concurrent increments lose nothing', async () => {
    const store = await storeWithAssetAndConversation()
    await Promise.all(
      Array.from({ length: 50 }, () =>
        store.write((tx) =>
          tx.update('conversation', 'c1', (draft) => {
            draft.score = { ...draft.score, reuse: (draft.score.reuse ?? 0) + 1 }
          }),
        ),
      ),
    )
    expect(store.get('conversation', 'c1')!.score.reuse).toBe(50)
  })

  it('applies a write asked for while records are being replaced after the replacement, not before it', async () => {
    const store = await storeWithAssetAndConversation()
    const replaced = store.replaceAll({})
    const written = store.write((tx) =>
      tx.insert('conversation', { id: 'c2', type: 'COPILOT', created: at, updated: at } as never),
    )
    await Promise.all([replaced, written])
    expect(Array.from(store.all('conversation'), (c) => c.id)).toEqual(['c2'])
  })

  it('moves updated forward on every change, even with a frozen clock', async () => {
    const store = await storeWithAssetAndConversation()
    const first = await store.write((tx) => tx.update('conversation', 'c1', (draft) => (draft.name = 'one')))
    const second = await store.write((tx) => tx.update('conversation', 'c1', (draft) => (draft.name = 'two')))
    expect(first.created).toBe(at)
    expect(Date.parse(first.updated)).toBeGreaterThan(Date.parse(at))
    expect(Date.parse(second.updated)).toBeGreaterThan(Date.parse(first.updated))
  })

  it('removes a record together with every link to it', async () => {
    const store = await storeWithAssetAndConversation()
    await store.write((tx) => tx.link('conversation', 'c1', 'assets', 'a1'))
    await store.write((tx) => tx.remove('conversation', 'c1'))
    expect(store.get('conversation', 'c1')).toBeUndefined()
    expect(store.get('asset', 'a1')!.conversations).toEqual([])
    expect((await store.collections()).conversation.count()).toBe(0)
  })

  it('tells subscribers that every record was replaced when fixtures are reloaded', async () => {
    const store = await storeWithAssetAndConversation()
    const seen: StoreEvent[] = []
    store.subscribe((event) => seen.push(event))
    await store.replaceAll({})
    expect(seen).toEqual([{ type: 'replace' }])
    expect(store.count('conversation')).toBe(0)
  })

  it('tells subscribers what each committed write changed, and nothing for a failed one', async () => {
    const store = await storeWithAssetAndConversation()
    const seen: StoreEvent[] = []
    const stop = store.subscribe((event) => seen.push(event))
    await store.write((tx) => tx.link('conversation', 'c1', 'assets', 'a1'))
    await store.write((tx) => tx.require('conversation', 'missing')).catch(() => undefined)
    stop()
    await store.write((tx) => tx.remove('conversation', 'c1'))
    expect(seen).toEqual([
      {
        type: 'write',
        changes: [
          // Each with the record as it was before, so a write can be taken back (store.undo).
          { kind: 'conversation', id: 'c1', type: 'updated', previous: expect.objectContaining({ id: 'c1' }) },
          { kind: 'asset', id: 'a1', type: 'updated', previous: expect.objectContaining({ id: 'a1' }) },
        ],
      },
    ])
  })

  it('reads a timestamp back as the instant it was formatted from, the one formatted last as well as earlier ones', () => {
    const instants = [
      Date.UTC(2024, 4, 1, 12),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2024, 4, 1, 12, 0, 0, 1),
    ]
    for (const instant of instants) {
      const text = isoTimestamp(instant)
      expect(instantOf(text)).toBe(instant)
      expect(instantOf('2024-05-01T12:00:00.000Z')).toBe(Date.UTC(2024, 4, 1, 12))
    }
    expect(instantOf('2024-05-01T14:00:00+02:00')).toBe(Date.UTC(2024, 4, 1, 12))
    expect(instantOf('not a timestamp')).toBeNaN()
  })
})
