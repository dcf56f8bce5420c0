import { describe, expect, it, vi } from 'vitest'

// As if a future @msw/data kept its records elsewhere: the store must fill and
// update its collections through the library, as it did before 0004.
vi.mock('../../src/store/collection-records.js', () => ({
  canFillCollections: async () => false,
  fillCollection: () => {
    throw new Error('fillCollection must not be called when bulk filling is off')
  },
  replaceInCollection: () => {
    throw new Error('replaceInCollection must not be called when bulk filling is off')
  },
}))

const { createStore } = await import('../../src/store/create-store.js')
const { validateFixtures } = await import('../../src/seeding/validate-fixtures.js')
const { defaultFixtures } = await import('../../src/seeding/default-fixtures.generated.js')

describe('the store when @msw/data cannot be filled in bulk', () => {
  it('keeps every collection in step through create, update and delete', async () => {
    const store = createStore()
    await store.replaceAll(validateFixtures(defaultFixtures))
    expect(store.collections.conversation.count()).toBe(8)
    const [first, second] = store.all('conversation')
    await store.write((tx) => tx.update('conversation', first!.id, (draft) => void (draft.name = 'Renamed')))
    await store.write((tx) => tx.remove('conversation', second!.id))
    expect(store.collections.conversation.findFirst((q) => q.where({ id: first!.id }))?.name).toBe('Renamed')
    expect(store.collections.conversation.count()).toBe(7)
    expect(store.get('conversation', first!.id)).toBe(store.collections.conversation.findFirst((q) => q.where({ id: first!.id })))
  })
})
