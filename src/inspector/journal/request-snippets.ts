import type { JournalEntry } from '../../control/journal/journal-entry.js'

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

/** Quotes text for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * A journal entry as a cURL command that sends the same request again.
 *
 * @example
 * curlOf(entry, 'http://localhost:39300') // "curl -X POST 'http://localhost:39300/conversations/create' -H 'content-type: application/json' --data-raw '{…}'"
 */
export function curlOf(entry: JournalEntry, baseUrl: string): string {
  const body = bodyText(entry.body)
  const parts = ['curl']
  if (entry.method !== 'GET') parts.push('-X', entry.method)
  parts.push(shellQuote(urlOf(entry, baseUrl)))
  if (body !== undefined) parts.push('-H', shellQuote('content-type: application/json'), '--data-raw', shellQuote(body))
  return parts.join(' ')
}

/**
 * A journal entry as a `fetch` call that sends the same request again.
 *
 * @example
 * fetchOf(entry, 'http://localhost:39300') // "await fetch('http://localhost:39300/conversations', { method: 'GET' })"
 */
export function fetchOf(entry: JournalEntry, baseUrl: string): string {
  const body = bodyText(entry.body)
  const init = [`method: ${JSON.stringify(entry.method)}`]
  if (body !== undefined) init.push(`headers: { 'content-type': 'application/json' }`, `body: ${JSON.stringify(body)}`)
  return `await fetch(${JSON.stringify(urlOf(entry, baseUrl))}, { ${init.join(', ')} })`
}
