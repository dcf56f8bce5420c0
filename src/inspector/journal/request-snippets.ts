import type { JournalEntry } from '../../control/journal/journal-entry.js'
import type { HeaderPair } from '../../control/journal/journal-headers.js'

/** The URL a journal entry was sent to, on the mock at `baseUrl`. */
function urlOf(entry: JournalEntry, baseUrl: string): string {
  // Every pair as sent, in order, a repeated name (`?x=1&x=2`) included.
  const query = new URLSearchParams(entry.queryPairs?.map(([name, value]) => [name, value]) ?? entry.query).toString()
  return `${baseUrl.replace(/\/+$/, '')}${entry.path}${query ? `?${query}` : ''}`
}

/** A body as it is sent again: JSON as JSON, text as it was; undefined for none. */
function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null || body === '') return undefined
  return typeof body === 'string' ? body : JSON.stringify(body)
}

/**
 * Headers that belong to one connection, not to the request: the client that
 * sends the snippet sets its own (`host` from the URL, `content-length` from
 * the body), and a copied one would be wrong or refused.
 */
const HOP_BY_HOP = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
])

/** What the journal keeps of a credential header's value (see `keptHeaders`). */
const REDACTED = '[redacted]'

/**
 * The headers a snippet sends: the recorded request headers in their order,
 * hop-by-hop ones left out, and a JSON content type when a body was sent
 * and none was recorded (a transport that handed no headers on).
 */
function sentHeaders(entry: JournalEntry, body: string | undefined): HeaderPair[] {
  const headers = (entry.requestHeaders ?? []).filter(([name]) => !HOP_BY_HOP.has(name))
  if (body !== undefined && !headers.some(([name]) => name === 'content-type'))
    headers.push(['content-type', 'application/json'])
  return headers
}

/** The names whose values the journal redacted, for the snippet's comment. */
const redactedNames = (headers: readonly HeaderPair[]) =>
  headers.filter(([, value]) => value === REDACTED).map(([name]) => name)

/** Quotes text for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * A journal entry as a cURL command that sends the same request again: its
 * recorded headers as `-H` (hop-by-hop ones left out); a credential the
 * journal redacted keeps its `[redacted]` placeholder, and a shell comment
 * after the command says which to fill in.
 *
 * @example
 * curlOf(entry, 'http://localhost:39300') // "curl -X POST 'http://localhost:39300/conversations/create' -H 'content-type: application/json' --data-raw '{…}'"
 */
export function curlOf(entry: JournalEntry, baseUrl: string): string {
  const body = bodyText(entry.body)
  const headers = sentHeaders(entry, body)
  const parts = ['curl']
  if (entry.method !== 'GET') parts.push('-X', entry.method)
  parts.push(shellQuote(urlOf(entry, baseUrl)))
  for (const [name, value] of headers) parts.push('-H', shellQuote(`${name}: ${value}`))
  if (body !== undefined) parts.push('--data-raw', shellQuote(body))
  const redacted = redactedNames(headers)
  if (redacted.length > 0) parts.push(`# ${redactedComment(redacted)}`)
  return parts.join(' ')
}

/**
 * A journal entry as a `fetch` call that sends the same request again: its
 * recorded headers in `headers:` (hop-by-hop ones left out); a credential the
 * journal redacted keeps its `[redacted]` placeholder, and a comment before
 * the call says which to fill in.
 *
 * @example
 * fetchOf(entry, 'http://localhost:39300') // "await fetch(\"http://localhost:39300/conversations\", { method: \"GET\" })"
 */
export function fetchOf(entry: JournalEntry, baseUrl: string): string {
  const body = bodyText(entry.body)
  const headers = sentHeaders(entry, body)
  const init = [`method: ${JSON.stringify(entry.method)}`]
  if (headers.length > 0)
    init.push(
      `headers: { ${headers.map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`).join(', ')} }`,
    )
  if (body !== undefined) init.push(`body: ${JSON.stringify(body)}`)
  const call = `await fetch(${JSON.stringify(urlOf(entry, baseUrl))}, { ${init.join(', ')} })`
  const redacted = redactedNames(headers)
  return redacted.length > 0 ? `// ${redactedComment(redacted)}\n${call}` : call
}

/** The comment a snippet carries when the journal redacted some of its headers. */
function redactedComment(names: readonly string[]): string {
  return `The journal keeps no credentials: put the real ${names.join(', ')} in place of ${REDACTED}.`
}
