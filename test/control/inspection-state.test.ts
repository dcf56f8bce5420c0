import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { send, statusOf, textOf } from '../reliability/in-process.js'

describe('the whole state exported and imported over the control API', () => {
  it('exports the state, and importing it into another mock brings its records and tombstones', async () => {
    const source = createMockService()
    await source.ready
    const [first] = source.store.all('conversation')
    expect(statusOf(await send(source, 'POST', `/conversations/${first!.id}/delete`))).toBe(204)
    const exported = await send(source, 'GET', '/__mock/state')
    expect(statusOf(exported)).toBe(200)

    const target = createMockService({ scenario: 'empty' })
    await target.ready
    expect(target.store.count('conversation')).toBe(0)
    expect(statusOf(await send(target, 'POST', '/__mock/state', textOf(exported)))).toBe(204)
    expect(target.store.count('conversation')).toBe(source.store.count('conversation'))
    expect(target.store.isGone('conversation', first!.id)).toBe(true)
  })

  it('refuses a state that is not one, with a 400 that says why, and changes nothing', async () => {
    const mock = createMockService()
    await mock.ready
    const before = mock.store.count('conversation')
    for (const body of ['{"format":"something else"}', '[1, 2]', '{"records": {"conversation": [{"id": 3}]}}']) {
      const refused = await send(mock, 'POST', '/__mock/state', body)
      expect(statusOf(refused)).toBe(400)
      expect(textOf(refused)).toContain('Failed to load the persisted state in the imported state')
      expect(textOf(refused)).not.toMatch(/\n\s+at /)
    }
    expect(mock.store.count('conversation')).toBe(before)
  })
})
