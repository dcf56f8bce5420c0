import { createMockService, validateFixtures } from 'conversation-asset-mock'
import { describe, expect, it } from 'vitest'
import { readFixtureDirectory } from '../../src/seeding/fixture-directory.js'

describe('useFixtures()', () => {
  it('serves another fixture set at once, and reset() goes back to it, not to the first', async () => {
    const service = createMockService()
    await service.ready
    const fixtures = await readFixtureDirectory('fixtures/default')
    const [first, ...rest] = fixtures.conversation ?? []
    await service.useFixtures({ ...fixtures, conversation: [{ ...first!, name: 'Renamed' }, ...rest] })
    expect(service.store.get('conversation', first!.id)?.name).toBe('Renamed')
    await service.store.write((tx) => tx.update('conversation', first!.id, (draft) => void (draft.name = 'Later')))
    await service.reset()
    expect(service.store.get('conversation', first!.id)?.name).toBe('Renamed')
  })

  it('refuses a set that cannot load, naming the record and field, and changes nothing', async () => {
    const service = createMockService()
    await service.ready
    const before = JSON.stringify(service.snapshot().records)
    const fixtures = await readFixtureDirectory('fixtures/default')
    const [first, ...rest] = fixtures.conversation ?? []
    const broken = { ...fixtures, conversation: [{ ...first!, type: 'NOT_A_TYPE' as 'COPILOT' }, ...rest] }
    expect(() => validateFixtures(broken)).toThrow(/type/)
    await expect(service.useFixtures(broken)).rejects.toThrow(/type/)
    expect(JSON.stringify(service.snapshot().records)).toBe(before)
  })
})
