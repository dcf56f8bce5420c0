import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupMockServer } from '../../src/node/setup-mock-server.js'
import { read } from '../support/read.js'

describe('the journal of MSW handlers (setupMockServer)', () => {
  const baseUrl = 'http://localhost:39371'
  const mock = setupMockServer({ baseUrl })
  beforeAll(() => mock.listen())
  afterAll(() => mock.close())

  it('keeps the request headers, credentials redacted, and the answer its content type', async () => {
    mock.journal.clear()
    await fetch(`${baseUrl}/conversations`, { headers: { 'x-trace': 't1', authorization: 'Bearer abc' } }).then(read)
    const [entry] = mock.journal.entries
    expect(entry?.requestHeaders).toContainEqual(['x-trace', 't1'])
    expect(entry?.requestHeaders).toContainEqual(['authorization', '[redacted]'])
    expect(entry?.responseHeaders?.[0]).toEqual(['content-type', expect.stringContaining('application/json')])
  })

  it('keeps the request headers of an unknown path', async () => {
    mock.journal.clear()
    await fetch(`${baseUrl}/no/such/path`, { headers: { 'x-trace': 't2' } }).then(read)
    expect(mock.journal.entries.at(-1)?.requestHeaders).toContainEqual(['x-trace', 't2'])
  })
})
