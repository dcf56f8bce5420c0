import { describe, expect, it } from 'vitest'
import { createStore, type Store } from '../../src/store/create-store.js'
import { fixedClock } from '../../src/store/clock-and-ids/clock.js'
import { validateFixtures } from '../../src/seeding/validate-fixtures.js'
import { defaultFixtures } from '../../src/public-tables.js'
import { storedRecordSchema } from '../../src/store/schemas/stored-record-schema.js'
import { recordDefaults } from '../../src/store/schemas/record-defaults.js'
import type { TagRecord } from '../../src/store/schemas/schemas.js'

const at = '2024-05-01T12:00:00.000Z'

/** A tag as the store keeps it: the schema's defaults for every field left out. */
const tag = (id: string, text: string): TagRecord =>
  ({ ...recordDefaults('tag'), id, text, category: 'UNKNOWN', created: at, updated: at, assets: [] }) as TagRecord

async function loadedStore(): Promise<Store> {
  const store = createStore({ clock: fixedClock(at) })
  await store.replaceAll(validateFixtures(defaultFixtures))
  return store
}

const idsOf = (records: Iterable<{ id: string }>) => Array.from(records, (record) => record.id)

describe('the @msw/data collections of the store', () => {
  it('hold every record, in the order the store lists them, equal to the records the store serves', async () => {
    const store = await loadedStore()
    const collections = await store.collections()
    for (const kind of ['conversation', 'message', 'asset', 'format', 'tag'] as const) {
      expect(idsOf(collections[kind].findMany()), kind).toEqual(idsOf(store.all(kind)))
    }
    const [conversation] = store.all('conversation')
    expect(collections.conversation.findFirst((q) => q.where({ id: conversation!.id }))).toEqual(conversation)
  })

  it('answer the README query and show every committed create, update and removal', async () => {
    const store = await loadedStore()
    const favorites = async () =>
      idsOf((await store.collections()).conversation.findMany((q) => q.where({ favorited: true })))
    const before = await favorites()
    const [first, second] = store.all('conversation')
    const created = await store.write((tx) =>
      tx.insert('conversation', { id: 'fresh', type: 'COPILOT', favorited: true, created: at, updated: at }),
    )
    await store.write((tx) => tx.update('conversation', first!.id, (draft) => void (draft.favorited = true)))
    await store.write((tx) => tx.remove('conversation', second!.id))
    const expected = idsOf(store.all('conversation')).filter((id) => store.get('conversation', id)!.favorited)
    const after = await favorites()
    expect(after).toEqual(expected)
    expect(after).toContain(created.id)
    expect(after).toContain(first!.id)
    expect(after).not.toContain(second!.id)
    expect(expected.length).toBeGreaterThan(before.length)
    expect((await store.collections()).conversation.count()).toBe(store.count('conversation'))
  })

  it('are kept until a write changes their kind, and show one moment of the store when a write lands while they are built', async () => {
    const store = await loadedStore()
    const first = await store.collections()
    expect((await store.collections()).tag).toBe(first.tag)
    await store.write((tx) => tx.insert('tag', { id: 't-new', text: 'new', created: at, updated: at }))
    const second = await store.collections()
    expect(second.tag).not.toBe(first.tag)
    expect(second.conversation).toBe(first.conversation)
    expect(second.tag.findFirst((q) => q.where({ id: 't-new' }))?.text).toBe('new')

    const [conversation] = store.all('conversation')
    await store.write((tx) => tx.update('conversation', conversation!.id, (draft) => void (draft.name = 'Before')))
    const building = store.collections()
    await store.write((tx) => tx.update('conversation', conversation!.id, (draft) => void (draft.name = 'During')))
    expect((await building).conversation.findFirst((q) => q.where({ id: conversation!.id }))?.name).toBe('Before')
    expect((await store.collections()).conversation.findFirst((q) => q.where({ id: conversation!.id }))?.name).toBe(
      'During',
    )
  })

  it('show nothing at all of a write that throws', async () => {
    const store = await loadedStore()
    const [conversation] = store.all('conversation')
    const count = (await store.collections()).message.count()
    const failed = store.write((tx) => {
      tx.insert('message', { id: 'm-lost', conversation: conversation!.id, role: 'USER', created: at, updated: at })
      tx.update('conversation', conversation!.id, (draft) => void (draft.name = 'Lost'))
      throw new Error('changed my mind')
    })
    await expect(failed).rejects.toThrow('changed my mind')
    const collections = await store.collections()
    expect(collections.message.count()).toBe(count)
    expect(collections.message.findFirst((q) => q.where({ id: 'm-lost' }))).toBeUndefined()
    expect(collections.conversation.findFirst((q) => q.where({ id: conversation!.id }))?.name).toBe(conversation!.name)
  })

  it('are replaced by a load, and left as they were by a load that fails', async () => {
    const store = await loadedStore()
    const tags = idsOf((await store.collections()).tag.findMany())
    await expect(
      store.replaceAll({
        tag: [tag('dup', 'a'), tag('dup', 'b')],
      }),
    ).rejects.toThrow('Failed to load the records: the tag id "dup" appears twice.')
    expect(idsOf((await store.collections()).tag.findMany())).toEqual(tags)

    await store.replaceAll({ tag: [tag('only', 'only')] })
    const collections = await store.collections()
    expect(idsOf(collections.tag.findMany())).toEqual(['only'])
    expect(collections.conversation.count()).toBe(0)
  })

  it('bring a snapshot back as it was taken, records and order, after later writes', async () => {
    const store = await loadedStore()
    const taken = store.snapshot()
    const [conversation] = store.all('conversation')
    await store.write((tx) => tx.remove('conversation', conversation!.id))
    await store.write((tx) => tx.insert('tag', { id: 't-later', text: 'later', created: at, updated: at }))
    await store.replaceAll(taken.records, taken.gone)
    const collections = await store.collections()
    expect(idsOf(collections.conversation.findMany())).toEqual(idsOf(taken.records.conversation!))
    expect(collections.conversation.findFirst((q) => q.where({ id: conversation!.id }))).toEqual(conversation)
    expect(collections.tag.findFirst((q) => q.where({ id: 't-later' }))).toBeUndefined()
  })

  it('are copies: a write made with the library changes nothing the store serves', async () => {
    const store = await loadedStore()
    const [conversation] = store.all('conversation')
    const collections = await store.collections()
    await collections.conversation.update((q) => q.where({ id: conversation!.id }), {
      data: (draft) => void (draft.name = 'Library'),
    })
    expect(store.get('conversation', conversation!.id)!.name).toBe(conversation!.name)
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
})
