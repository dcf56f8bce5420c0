import type { JournalDetail } from '../../control/inspection/inspection.js'
import type { StubSpec } from '../../control/stubs/stubs.js'

/** A journal entry's answer as a stub, or why it cannot be one. */
export type EntryStub = { readonly spec: StubSpec } | { readonly why: string }

/**
 * The stub that gives a journal entry's answer again: it matches the entry's
 * method, path and query (a repeated name's first value, as a stub reads
 * it) and answers its status, content type and body byte for byte, every
 * time. An answer whose body the journal no longer holds whole, a network
 * error and an upgrade cannot be stubbed: `why` says so.
 *
 * @example
 * const made = stubOfEntry(detail.entry, detail.response)
 * if ('spec' in made) await connection.addStub(made.spec)
 */
export function stubOfEntry(entry: JournalDetail['entry'], response: JournalDetail['response']): EntryStub {
  if (!response)
    return { why: 'The journal let go of this answer’s body (it keeps the newest 8 MiB), so it cannot be stubbed.' }
  if (response.truncated)
    return { why: 'Only the first 64 KiB of this answer’s body is kept, so it cannot be stubbed whole.' }
  if (response.status < 200) return { why: 'A network error or an upgrade has no answer to stub.' }
  const query = firstValues(entry)
  return {
    spec: {
      method: entry.method,
      path: entry.path,
      ...(Object.keys(query).length > 0 && { query }),
      answer: {
        status: response.status,
        ...(response.contentType !== undefined && { headers: { 'content-type': response.contentType } }),
        ...(response.body !== undefined && { body: response.body }),
      },
    },
  }
}

/** Each query name's first value: what a stub's query compares. */
function firstValues({ query, queryPairs }: JournalDetail['entry']): Record<string, string> {
  if (queryPairs === undefined) return { ...query }
  const first: Record<string, string> = {}
  for (const [name, value] of queryPairs) if (!(name in first)) first[name] = value
  return first
}
