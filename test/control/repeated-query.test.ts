import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalDetail } from '../../src/control/inspection/inspection.js'
import { createJournal } from '../../src/control/journal/journal.js'
import { queryFields } from '../../src/execution/execute-operation.js'
import type { HarEntry } from '../../src/replay/har/har-types.js'
import { curlOf, fetchOf } from '../../src/inspector/journal/request-snippets.js'

describe('a query that repeats a name (?x=1&x=2)', () => {
  let server: StandaloneServer
  let detail: JournalDetail

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
    await fetch(`${server.url}/conversations?x=1&y=a&x=2`).then((answer) => answer.text())
    const rows = (await (await fetch(`${server.url}/__mock/journal/rows`)).json()) as { rows: { id: number }[] }
    const id = rows.rows.at(-1)!.id
    detail = (await (await fetch(`${server.url}/__mock/journal/${id}`)).json()) as JournalDetail
  })
  afterAll(() => server?.close())

  it('is journaled with every value in the order sent', () => {
    expect(detail.entry.queryPairs).toEqual([
      ['x', '1'],
      ['y', 'a'],
      ['x', '2'],
    ])
    expect(detail.entry.query).toEqual({ x: '2', y: 'a' })
  })

  it('is copied as cURL and fetch with both values', () => {
    expect(curlOf(detail.entry, 'http://mock')).toMatch(/^curl 'http:\/\/mock\/conversations\?x=1&y=a&x=2'( |$)/)
    expect(fetchOf(detail.entry, 'http://mock')).toContain('"http://mock/conversations?x=1&y=a&x=2"')
  })

  it('is exported as HAR with both values in the URL and the query string', async () => {
    const answer = await fetch(`${server.url}/__mock/journal/har?base=http%3A%2F%2Fmock`)
    const har = (await answer.json()) as { log: { entries: HarEntry[] } }
    const entry = har.log.entries.at(-1)!
    expect(entry.request.url).toBe('http://mock/conversations?x=1&y=a&x=2')
    expect(entry.request.queryString).toEqual([
      { name: 'x', value: '1' },
      { name: 'y', value: 'a' },
      { name: 'x', value: '2' },
    ])
  })

  it('is journaled by an unknown path too', async () => {
    await fetch(`${server.url}/no/such/path?k=1&k=2`).then((answer) => answer.text())
    const { requests } = (await (await fetch(`${server.url}/__mock/journal`)).json()) as {
      requests: { path: string; queryPairs?: string[][] }[]
    }
    expect(requests.at(-1)).toMatchObject({
      path: '/no/such/path',
      queryPairs: [
        ['k', '1'],
        ['k', '2'],
      ],
    })
  })

  it('survives the ring: an entry read back keeps its pairs, and a plain query holds none', () => {
    const journal = createJournal({ limit: 2 })
    const record = (search: string) => ({
      operation: 'conversationsSnapshot',
      method: 'GET',
      path: '/conversations',
      ...queryFields(new URLSearchParams(search)),
      params: {},
      bodyText: '',
      status: 200,
      durationMs: 1,
      at: '2024-05-01T12:00:00.000Z',
    })
    journal.record(record('a=1&a=2'), { status: 200 })
    journal.record(record('a=1&b=2'), { status: 200 })
    expect(journal.entry(1)?.queryPairs).toEqual([
      ['a', '1'],
      ['a', '2'],
    ])
    expect(journal.entry(2)).not.toHaveProperty('queryPairs')
    expect(journal.entry(2)?.query).toEqual({ a: '1', b: '2' })
  })
})
