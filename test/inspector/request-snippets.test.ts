import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../src/control/journal/journal-entry.js'
import { curlOf, fetchOf } from '../../src/inspector/journal/request-snippets.js'

const entry = (fields: Partial<JournalEntry>): JournalEntry => ({
  transport: 'http',
  operation: 'conversationsCreateSpecificConversation',
  method: 'POST',
  path: '/conversations/create',
  query: {},
  params: {},
  body: undefined,
  status: 200,
  durationMs: 1,
  at: '2024-05-01T12:00:00.000Z',
  ...fields,
})

const posted = entry({
  body: { name: 'Notes' },
  requestHeaders: [
    ['host', 'localhost:39300'],
    ['content-type', 'application/json; charset=utf-8'],
    ['content-length', '16'],
    ['connection', 'keep-alive'],
    ['x-trace', "it's 7"],
    ['authorization', '[redacted]'],
  ],
})

describe('a journal entry copied as cURL', () => {
  it('sends its recorded headers in order, without host, content-length or connection', () => {
    expect(curlOf(posted, 'http://mock/')).toBe(
      "curl -X POST 'http://mock/conversations/create' -H 'content-type: application/json; charset=utf-8' " +
        "-H 'x-trace: it'\\''s 7' -H 'authorization: [redacted]' --data-raw '{\"name\":\"Notes\"}' " +
        '# The journal keeps no credentials: put the real authorization in place of [redacted].',
    )
  })

  it('adds a JSON content type for a body when the transport handed no headers on', () => {
    expect(curlOf(entry({ body: { a: 1 } }), 'http://mock')).toBe(
      "curl -X POST 'http://mock/conversations/create' -H 'content-type: application/json' --data-raw '{\"a\":1}'",
    )
  })

  it('carries no comment when nothing was redacted', () => {
    const get = entry({ method: 'GET', path: '/conversations', requestHeaders: [['accept', 'application/json']] })
    expect(curlOf(get, 'http://mock')).toBe("curl 'http://mock/conversations' -H 'accept: application/json'")
  })
})

describe('a journal entry copied as fetch', () => {
  it('sends its recorded headers, and a comment names the redacted ones to fill in', () => {
    expect(fetchOf(posted, 'http://mock')).toBe(
      '// The journal keeps no credentials: put the real authorization in place of [redacted].\n' +
        'await fetch("http://mock/conversations/create", { method: "POST", headers: { ' +
        '"content-type": "application/json; charset=utf-8", "x-trace": "it\'s 7", "authorization": "[redacted]" }, ' +
        'body: "{\\"name\\":\\"Notes\\"}" })',
    )
  })

  it('is a plain call for a GET with no headers', () => {
    const get = entry({ method: 'GET', path: '/conversations' })
    expect(fetchOf(get, 'http://mock')).toBe('await fetch("http://mock/conversations", { method: "GET" })')
  })
})
