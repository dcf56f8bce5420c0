import { afterEach, describe, expect, it, vi } from 'vitest'
import { persistToIndexedDb, type StateStorage } from '../../src/persistence/browser/indexed-db-persistence.js'
import { createMockService } from '../../src/core/create-mock-service.js'

const at = '2024-05-01T12:00:00.000Z'

/** A storage whose saves fail as a full browser quota does, and tells each attempt. */
function fullStorage(onAttempt: () => void): StateStorage {
  return {
    get: async () => undefined,
    set: async () => {
      onAttempt()
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    },
    delete: async () => undefined,
  }
}

describe('browser persistence when a save fails', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reports the first failure once on the console, with the state size, and throws nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const service = createMockService()
    let attempts = 0
    let attempted = () => undefined as void
    const persistence = await persistToIndexedDb(service, 'full', {
      storage: fullStorage(() => {
        attempts++
        attempted()
      }),
      channel: false,
      legacy: { getItem: () => null, removeItem: () => undefined },
    })
    for (const name of ['one', 'two']) {
      const saved = new Promise<void>((resolve) => (attempted = resolve))
      await service.store.write((tx) => tx.insert('tag', { id: `tag-${name}`, text: name, created: at, updated: at }))
      await saved
    }
    // The save that failed has reported by the time the next one starts; wait for the second to settle too.
    await new Promise((resolve) => setImmediate(resolve))
    expect(attempts).toBe(2)
    expect(errors).toHaveBeenCalledTimes(1)
    expect(String(errors.mock.calls[0]?.[0])).toMatch(
      /^Failed to save the mock state \(\d+\.\d MB\) in IndexedDB\["full"\]: The quota has been exceeded\./,
    )
    expect(persistence.active).toBe(true)
    persistence.stop()
  })
})
