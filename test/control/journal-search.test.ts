import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HarEntry } from '../../src/replay/har/har-types.js'

describe('searching the journal inside bodies', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
    // 1: a request body holds the word; 2: only a response body holds it; 3: neither.
    await fetch(`${server.url}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COPILOT', name: 'Zanzibar Planning' }),
    }).then((answer) => answer.text())
    await fetch(`${server.url}/conversations`).then((answer) => answer.text())
    await fetch(`${server.url}/assets/no-such-asset`).then((answer) => answer.text())
  })
  afterAll(() => server?.close())

  const search = async (q: string) =>
    (
      (await (await fetch(`${server.url}/__mock/journal/search?q=${encodeURIComponent(q)}`)).json()) as {
        ids: number[]
      }
    ).ids

  it('finds a word in a request body and in a response body, in any case, and not elsewhere', async () => {
    expect(await search('zanzibar')).toEqual([1, 2])
    expect(await search('no-such-asset')).toEqual([3])
    expect(await search('not in any entry')).toEqual([])
  })

  it('keeps in the HAR export what a search inside bodies finds (q)', async () => {
    const har = (await (await fetch(`${server.url}/__mock/journal/har?q=ZANZIBAR`)).json()) as {
      log: { entries: HarEntry[] }
    }
    expect(har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`)).toEqual([
      'POST /conversations/create',
      'GET /conversations',
    ])
  })
})
