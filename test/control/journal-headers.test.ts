import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalDetail } from '../../src/control/inspection/inspection.js'
import type { Answer } from '../../src/execution/answer.js'
import {
  createHeaderTexts,
  headersOf,
  keptHeaders,
  type HeaderPair,
} from '../../src/control/journal/journal-headers.js'
import { createJournal } from '../../src/control/journal/journal.js'
import type { HarEntry } from '../../src/replay/har/har-types.js'
import { requestRecord } from '../support/request-record.js'

/** The headers an entry of a new journal hands on for a request and its answer, and the characters counted. */
function journalHeaders(request: Iterable<HeaderPair> | undefined, answer: Answer | undefined) {
  const { headers, size } = keptHeaders(request, answer, createHeaderTexts())
  return { headers: headersOf(headers), size }
}

const record = (requestHeaders?: [string, string][]) => requestRecord(requestHeaders && { requestHeaders })

describe('the headers a journal entry keeps', () => {
  it('redacts credentials as record does: authorization, cookies, API keys and tokens', () => {
    const { headers } = journalHeaders(
      [
        ['authorization', 'Bearer abc'],
        ['cookie', 'session=1'],
        ['x-api-key', 'k'],
        ['x-auth-token', 't'],
        ['accept', 'application/json'],
      ],
      { status: 200, contentType: 'application/json', headers: { 'set-cookie': 'a=b', allow: 'GET' } },
    )
    expect(headers.requestHeaders).toEqual([
      ['authorization', '[redacted]'],
      ['cookie', '[redacted]'],
      ['x-api-key', '[redacted]'],
      ['x-auth-token', '[redacted]'],
      ['accept', 'application/json'],
    ])
    expect(headers.responseHeaders).toEqual([
      ['content-type', 'application/json'],
      ['set-cookie', '[redacted]'],
      ['allow', 'GET'],
    ])
    expect(headers).not.toHaveProperty('headersTruncated')
  })

  it('keeps at most 64 headers and 8 KiB of them per entry, and says the rest were let go', () => {
    const many = Array.from({ length: 200 }, (_, at): [string, string] => [`x-${at}`, 'v'])
    const byCount = journalHeaders(many, { status: 204 })
    expect(byCount.headers.requestHeaders).toHaveLength(64)
    expect(byCount.headers.responseHeaders).toEqual([])
    expect(byCount.headers.headersTruncated).toBe(true)
    const long = journalHeaders(
      [
        ['x-long', 'a'.repeat(100_000)],
        ['x-after', '1'],
      ],
      undefined,
    )
    expect(long.headers.requestHeaders).toEqual([])
    expect(long.headers.headersTruncated).toBe(true)
    expect(long.size).toBe(0)
  })

  it('counts what it keeps in the journal budget, so a journal of big headers lets older entries go', () => {
    const big = Array.from({ length: 8 }, (_, at): [string, string] => [`x-${at}`, 'h'.repeat(1000)])
    const plain = createJournal({ limit: 1000 })
    const heavy = createJournal({ limit: 1000 })
    plain.record(record(), { status: 204 })
    heavy.record(record(big), { status: 204 })
    expect(heavy.bytes - plain.bytes).toBeGreaterThanOrEqual(8000)
  })

  it('hands back every header as sent, name in lower case, however many distinct names and values arrive', () => {
    const journal = createJournal({ limit: 3000 })
    const sent = (at: number): [string, string][] => [
      ['Host', 'localhost:39300'],
      [`X-Seq-${at % 1500}`, `value ${at}`],
      ['x-long', 'l'.repeat(300 + (at % 7))],
    ]
    for (let at = 0; at < 2500; at++) journal.record(record(sent(at)), { status: 204 })
    for (const at of [0, 1023, 1024, 1499, 1500, 2499]) {
      expect(journal.entry(at + 1)?.requestHeaders).toEqual([
        ['host', 'localhost:39300'],
        [`x-seq-${at % 1500}`, `value ${at}`],
        ['x-long', 'l'.repeat(300 + (at % 7))],
      ])
    }
  })

  it('hands each entry back its own headers when requests alternate between the same lists', () => {
    const journal = createJournal({ limit: 10 })
    const short: [string, string][] = [['Host', 'localhost:39300']]
    const long: [string, string][] = [...short, ['X-Trace', 't1']]
    const lists = [short, long, short, long, long, short]
    for (const list of lists) {
      journal.record(record(list), { status: 200, contentType: 'application/json', headers: { 'x-answer': 'a' } })
    }
    lists.forEach((list, at) =>
      expect(journal.entry(at + 1)?.requestHeaders).toEqual(list.map(([name, value]) => [name.toLowerCase(), value])),
    )
    expect(journal.entry(6)?.responseHeaders).toEqual([
      ['content-type', 'application/json'],
      ['x-answer', 'a'],
    ])
  })

  it('shares one kept list between requests that send the same headers', () => {
    const texts = createHeaderTexts()
    const sent = (): [string, string][] => [
      ['Host', 'localhost:39300'],
      ['Accept', 'application/json'],
    ]
    const first = keptHeaders(sent(), undefined, texts).headers.request
    const second = keptHeaders(sent(), undefined, texts).headers.request
    const other = keptHeaders([['Host', 'localhost:1']], undefined, texts).headers.request
    expect(second).toBe(first)
    expect(other).not.toBe(first)
    expect(other).toEqual(['host', 'localhost:1'])
  })

  it('redacts a credential header sent again under another case, and reads headers handed on as a one-time list', () => {
    const journal = createJournal({ limit: 10 })
    function* sent(name: string): Iterable<[string, string]> {
      yield [name, 'secret-value']
      yield ['accept', '*/*']
    }
    journal.record(record(), { status: 204 })
    journal.record(requestRecord({ requestHeaders: sent('Authorization') }), { status: 204 })
    journal.record(requestRecord({ requestHeaders: sent('AUTHORIZATION') }), { status: 204 })
    for (const id of [2, 3]) {
      expect(journal.entry(id)?.requestHeaders).toEqual([
        ['authorization', '[redacted]'],
        ['accept', '*/*'],
      ])
    }
  })

  it('is kept through the ring and handed back with the entry', () => {
    const journal = createJournal({ limit: 2 })
    journal.record(record([['x-trace', 't1']]), { status: 200, contentType: 'application/json', body: '{}' })
    expect(journal.entry(1)).toMatchObject({
      requestHeaders: [['x-trace', 't1']],
      responseHeaders: [['content-type', 'application/json']],
    })
  })
})

describe('the standalone server journals headers', () => {
  let server: StandaloneServer
  let detail: JournalDetail

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
    await fetch(`${server.url}/conversations`, {
      headers: { 'x-trace': 't1', authorization: 'Bearer secret-value' },
    }).then((answer) => answer.text())
    const rows = (await (await fetch(`${server.url}/__mock/journal/rows`)).json()) as { rows: { id: number }[] }
    detail = (await (await fetch(`${server.url}/__mock/journal/${rows.rows.at(-1)!.id}`)).json()) as JournalDetail
  })
  afterAll(() => server?.close())

  it('keeps the request headers as received, credentials redacted, and the answer its content type', () => {
    expect(detail.entry.requestHeaders).toContainEqual(['x-trace', 't1'])
    expect(detail.entry.requestHeaders).toContainEqual(['authorization', '[redacted]'])
    expect(JSON.stringify(detail)).not.toContain('secret-value')
    expect(detail.entry.responseHeaders?.[0]?.[0]).toBe('content-type')
  })

  it('writes them into the HAR export', async () => {
    const har = (await (await fetch(`${server.url}/__mock/journal/har`)).json()) as { log: { entries: HarEntry[] } }
    const entry = har.log.entries.at(-1)!
    expect(entry.request.headers).toContainEqual({ name: 'x-trace', value: 't1' })
    expect(entry.request.headers).toContainEqual({ name: 'authorization', value: '[redacted]' })
    expect(entry.response.headers[0]?.name).toBe('content-type')
  })

  it('journals the headers of a request to an unknown path', async () => {
    await fetch(`${server.url}/no/such/path`, { headers: { 'x-trace': 't2' } }).then((answer) => answer.text())
    const { requests } = (await (await fetch(`${server.url}/__mock/journal`)).json()) as {
      requests: { path: string; requestHeaders?: string[][] }[]
    }
    expect(requests.at(-1)?.requestHeaders).toContainEqual(['x-trace', 't2'])
  })
})
