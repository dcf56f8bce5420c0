// The Jest helper's hooks are Jest's globals; vitest's hooks take the same calls, so this file stands them in.
import { http, HttpResponse } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useMockServer } from '../../src/jest/use-mock-server.js'

const hooks = { beforeAll, beforeEach, afterEach, afterAll }
const countOf = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/conversations/identifiers`)
  return ((await response.json()) as { iterable: unknown[] }).iterable.length
}

// The two tests run in order: the second sees what the first left behind.
describe('useMockServer() of conversation-asset-mock/jest, on the hooks Jest injects as globals', () => {
  const scope = globalThis as Record<string, unknown>
  Object.assign(scope, hooks)
  const mock = useMockServer({ baseUrl: 'http://localhost:39371' })
  for (const name of Object.keys(hooks)) delete scope[name]

  it('listens before the first test and answers a write', async () => {
    const created = await fetch(`${mock.baseUrl}/conversations/create`, { method: 'POST', body: '{"type":"COPILOT"}' })
    expect(created.status).toBe(200)
    await created.arrayBuffer()
    mock.server.use(http.get(`${mock.baseUrl}/assets`, () => HttpResponse.json({ iterable: [] })))
    expect(await countOf(mock.baseUrl)).toBe(9)
  })

  it('has reset the records and dropped the override by the next test', async () => {
    expect(await countOf(mock.baseUrl)).toBe(8)
    const assets = await fetch(`${mock.baseUrl}/assets`)
    expect(((await assets.json()) as { iterable: unknown[] }).iterable.length).toBeGreaterThan(0)
  })
})

describe('useMockServer() of conversation-asset-mock/jest, on hooks handed in', () => {
  const mock = useMockServer({ baseUrl: 'http://localhost:39372', hooks })

  it('answers through the hooks it was given', async () => {
    expect(await countOf(mock.baseUrl)).toBe(8)
  })
})

describe('useMockServer() of conversation-asset-mock/jest outside Jest', () => {
  it('fails naming the hooks it lacks and how to hand them in', () => {
    expect(() => useMockServer()).toThrow(
      "Failed to wire the mock into Jest: beforeAll, beforeEach, afterEach, afterAll are not a global here (outside a Jest test file, or with injectGlobals: false). Call useMockServer() in a test file, or hand the hooks in: useMockServer({ hooks: { beforeAll, beforeEach, afterEach, afterAll } }) with them imported from '@jest/globals'.",
    )
  })
})
