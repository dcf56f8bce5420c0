import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useMockServer } from '../../src/vitest/use-mock-server.js'

const countOf = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/conversations/identifiers`)
  return ((await response.json()) as { iterable: unknown[] }).iterable.length
}

// The two tests run in order: the second sees what the first left behind.
describe('useMockServer() and server.use() overrides', () => {
  const mock = useMockServer({ baseUrl: 'http://localhost:39341' })

  it('answers with the override inside the test that adds it', async () => {
    mock.server.use(http.get(`${mock.baseUrl}/conversations/identifiers`, () => HttpResponse.json({ iterable: [] })))
    expect(await countOf(mock.baseUrl)).toBe(0)
  })

  it('has dropped the override by the next test', async () => {
    expect(await countOf(mock.baseUrl)).toBe(8)
  })
})
