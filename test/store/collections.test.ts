import { describe, expect, it } from 'vitest'
import { createStore, type Store } from '../../src/store/create-store.js'
import { fixedClock } from '../../src/store/clock.js'
import { validateFixtures } from '../../src/fixtures/validate-fixtures.js'
import { defaultFixtures } from '../../src/fixtures/default-fixtures.generated.js'
import { storedRecordSchema } from '../../src/store/stored-record-schema.js'
import { recordDefaults } from '../../src/store/schemas.js'

const at = '2024-05-01T12:00:00.000Z'

async function loadedStore(): Promise<Store> {
  const store = createStore({ clock: fixedClock(at) })
  await store.replaceAll(validateFixtures(defaultFixtures))
  return store
}

const idsOf = (records: Iterable<{ id: string }>) => Array.from(records, (record) => record.id)

describe('the @msw/data collections of the store', () => {
  it('hold every loaded record, in the order the store lists them, as the very objects the store serves', async () => {
    const store = await loadedStore()
    for (const kind of ['conversation', 'message', 'asset', 'format', 'tag'] as const) {
      expect(idsOf(store.collections[kind].findMany()), kind).toEqual(idsOf(store.all(kind)))
    }
    const [conversation] = store.all('conversation')
    expect(store.collections.conversation.findFirst((q) => q.where({ id: conversation!.id }))).toBe(conversation)
  })

  it('answer the README query and see every committed create, update and removal', async () => {
    const store = await loadedStore()
    const favorites = () => idsOf(store.collections.conversation.findMany((q) => q.where({ favorited: true })))
    const before = favorites()
    const [first, second] = store.all('conversation')
    const created = await store.write((tx) =>
      tx.insert('conversation', { id: 'fresh', type: 'COPILOT', favorited: true, created: at, updated: at }),
    )
    await store.write((tx) => tx.update('conversation', first!.id, (draft) => void (draft.favorited = true)))
    await store.write((tx) => tx.remove('conversation', second!.id))
    const expected = idsOf(store.all('conversation')).filter((id) => store.get('conversation', id)!.favorited)
    expect(favorites()).toEqual(expected)
    expect(favorites()).toContain(created.id)
    expect(favorites()).toContain(first!.id)
    expect(favorites()).not.toContain(second!.id)
    expect(expected.length).toBeGreaterThan(before.length)
    expect(store.collections.conversation.count()).toBe(store.count('conversation'))
  })

  it('keep a record where it was when it is updated, and hold the updated record the store serves', async () => {
    const store = await loadedStore()
    const order = idsOf(store.all('asset'))
    const id = order[1]!
    await store.write((tx) => tx.update('asset', id, (draft) => void (draft.name = 'Renamed')))
    expect(idsOf(store.collections.asset.findMany())).toEqual(order)
    const stored = store.collections.asset.findFirst((q) => q.where({ id }))
    expect(stored?.name).toBe('Renamed')
    expect(store.get('asset', id)).toBe(stored)
  })

  it('hold all of a write before its subscribers hear of it', async () => {
    const store = await loadedStore()
    const [asset] = store.all('asset')
    const seen: Array<{ inCollections: number; inIndex: number; linked: boolean }> = []
    store.subscribe(() => {
      seen.push({
        inCollections: store.collections.message.count(),
        inIndex: store.count('message'),
        linked: store.collections.asset.findFirst((q) => q.where({ id: asset!.id }))!.conversations.includes('c-new'),
      })
    })
    const messages = store.count('message')
    await store.write((tx) => {
      tx.insert('conversation', { id: 'c-new', type: 'COPILOT', created: at, updated: at })
      for (let i = 0; i < 5; i++) {
        tx.insert('message', { id: `m-new-${i}`, conversation: 'c-new', role: 'USER', created: at, updated: at })
      }
      tx.link('conversation', 'c-new', 'assets', asset!.id)
    })
    expect(seen).toEqual([{ inCollections: messages + 5, inIndex: messages + 5, linked: true }])
  })

  it('show nothing of a write until it is committed, and nothing at all of a write that throws', async () => {
    const store = await loadedStore()
    const [conversation] = store.all('conversation')
    const written = store.write((tx) => tx.update('conversation', conversation!.id, (draft) => void (draft.name = 'Later')))
    expect(store.get('conversation', conversation!.id)).toBe(conversation)
    await written
    expect(store.collections.conversation.findFirst((q) => q.where({ id: conversation!.id }))?.name).toBe('Later')

    const count = store.collections.message.count()
    const failed = store.write((tx) => {
      tx.insert('message', { id: 'm-lost', conversation: conversation!.id, role: 'USER', created: at, updated: at })
      tx.update('conversation', conversation!.id, (draft) => void (draft.name = 'Lost'))
      throw new Error('changed my mind')
    })
    await expect(failed).rejects.toThrow('changed my mind')
    expect(store.collections.message.count()).toBe(count)
    expect(store.collections.message.findFirst((q) => q.where({ id: 'm-lost' }))).toBeUndefined()
    expect(store.collections.conversation.findFirst((q) => q.where({ id: conversation!.id }))?.name).toBe('Later')
  })

  it('are replaced whole by a load, and left as they were by a load that fails', async () => {
    const store = await loadedStore()
    const before = store.collections.tag
    const tags = idsOf(before.findMany())
    await expect(
      store.replaceAll({
        tag: [
          { id: 'dup', text: 'a', category: 'UNKNOWN', created: at, updated: at, assets: [] },
          { id: 'dup', text: 'b', category: 'UNKNOWN', created: at, updated: at, assets: [] },
        ],
      }),
    ).rejects.toThrow('Failed to load the records: the tag id "dup" appears twice.')
    expect(store.collections.tag).toBe(before)
    expect(idsOf(store.collections.tag.findMany())).toEqual(tags)

    await store.replaceAll({ tag: [{ id: 'only', text: 'only', category: 'UNKNOWN', created: at, updated: at, assets: [] }] })
    expect(store.collections.tag).not.toBe(before)
    expect(idsOf(store.collections.tag.findMany())).toEqual(['only'])
    expect(store.collections.conversation.count()).toBe(0)
  })

  it('bring a snapshot back as it was taken, records and order, after later writes', async () => {
    const store = await loadedStore()
    const taken = store.snapshot()
    const [conversation] = store.all('conversation')
    await store.write((tx) => tx.remove('conversation', conversation!.id))
    await store.write((tx) => tx.insert('tag', { id: 't-later', text: 'later', created: at, updated: at }))
    await store.replaceAll(taken.records, taken.gone)
    expect(idsOf(store.collections.conversation.findMany())).toEqual(idsOf(taken.records.conversation!))
    expect(store.collections.conversation.findFirst((q) => q.where({ id: conversation!.id }))).toEqual(conversation)
    expect(store.collections.tag.findFirst((q) => q.where({ id: 't-later' }))).toBeUndefined()
  })
})

describe('the schema of the collections', () => {
  it('gives a record back with the shared, frozen default in place of an equal empty list or zero score', async () => {
    const result = await storedRecordSchema('tag')['~standard'].validate({
      id: 't1',
      text: 'react',
      category: 'UNKNOWN',
      created: at,
      updated: at,
      assets: [],
    })
    expect(result.value.assets).toBe(recordDefaults('tag').assets)
    expect(Object.isFrozen(result.value.assets)).toBe(true)

    const conversation = storedRecordSchema('conversation')['~standard'].validate({
      ...recordDefaults('conversation'),
      id: 'c1',
      created: at,
      updated: at,
      assets: ['a1'],
      score: { manual: 0, automatic: 0 },
    }).value
    expect(conversation.score).toBe(recordDefaults('conversation').score)
    expect(conversation.assets).toEqual(['a1'])
    expect(Object.isFrozen(conversation.assets)).toBe(false)
  })

  it('keeps the shared empty lists of a record through an update of its other fields', async () => {
    const store = await loadedStore()
    await store.write((tx) => tx.insert('tag', { id: 't-bare', text: 'bare', created: at, updated: at }))
    await store.write((tx) => tx.update('tag', 't-bare', (draft) => void (draft.text = 'renamed')))
    const stored = store.collections.tag.findFirst((q) => q.where({ id: 't-bare' }))!
    expect(stored.text).toBe('renamed')
    expect(stored.assets).toBe(recordDefaults('tag').assets)
    expect(() => (stored.assets as string[]).push('a1')).toThrow(TypeError)
  })
})
