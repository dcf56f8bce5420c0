import { setupMockServer } from 'conversation-asset-mock/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stubOfEntry } from '../../src/inspector/journal/stub-of-entry.js'

const ASSET = '0a0a0a0a-0000-4000-8000-000000000001'

describe('a journal entry’s answer made a stub', () => {
  const mock = setupMockServer()
  beforeAll(() => mock.listen())
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const answerOf = async (path: string) => {
    const answer = await fetch(`${mock.baseUrl}${path}`)
    return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() }
  }
  const lastEntry = () => mock.inspection.journalEntry(mock.journal.lastId)!

  it('answers the same request byte for byte once the record is gone, and no other request', async () => {
    const real = await answerOf(`/asset/${ASSET}`)
    expect(real.status).toBe(200)
    const { entry, response } = lastEntry()
    const made = stubOfEntry(entry, response)
    if (!('spec' in made)) throw new Error(made.why)
    mock.stubs.add(made.spec)
    await mock.removeAsset(ASSET)
    expect(await answerOf(`/asset/${ASSET}`)).toEqual(real)
    expect((await answerOf('/asset/0a0a0a0a-0000-4000-8000-000000000002')).status).toBe(200)
  })

  it('matches the query the entry was sent with, a repeated name by its first value as a stub reads it', async () => {
    await answerOf('/conversations?limit=1&limit=2')
    const { entry, response } = lastEntry()
    const made = stubOfEntry(entry, response)
    expect('spec' in made && made.spec.query).toEqual({ limit: '1' })
  })

  it('says why, and makes no stub, for an answer the journal no longer holds whole or a network error', () => {
    const { entry } = { entry: { method: 'GET', path: '/conversations', query: {}, params: {} } } as never
    expect(stubOfEntry(entry, undefined)).toEqual({ why: expect.stringContaining('let go of this answer') })
    expect(stubOfEntry(entry, { status: 200, body: 'x', truncated: true })).toEqual({
      why: expect.stringContaining('Only the first 64 KiB'),
    })
    expect(stubOfEntry(entry, { status: 0, truncated: false })).toEqual({
      why: expect.stringContaining('network error'),
    })
  })
})
