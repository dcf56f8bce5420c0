import type { OperationName } from '../../routes/operation-names.js'
import { containsMatch } from './contains-match.js'
import type { JournalEntry } from '../journal/journal.js'

/** What a test expects the code under test to have called. */
export interface CallExpectation {
  /**
   * The operation: the spec's id, or (through `verify()` of a service or
   * `controlClient`) the official client's method name.
   */
  operation: OperationName
  /** Path parameters that must match exactly, e.g. `{ conversation: id }`. */
  params?: Record<string, string>
  /** Query parameters that must match exactly, e.g. `{ transferables: 'false' }`. */
  query?: Record<string, string>
  /** A partial body the request's JSON body must contain. */
  body?: unknown
  /** Exactly this many calls (default: at least one). */
  times?: number
}

/**
 * Thrown when the journal does not hold the expected calls; its message is a
 * readable table of what was expected, what matched and the nearest misses.
 *
 * @example
 * expect(() => service.verify({ operation: 'asset_snapshot' })).toThrow(VerificationError)
 */
export class VerificationError extends Error {
  override readonly name = 'VerificationError'
}

function matches(entry: JournalEntry, expected: CallExpectation): boolean {
  return differences(entry, expected).length === 0
}

function differences(entry: JournalEntry, expected: CallExpectation): string[] {
  const found: string[] = []
  if (entry.operation !== expected.operation) found.push(`operation is ${entry.operation}`)
  for (const [name, value] of Object.entries(expected.params ?? {})) {
    if (entry.params[name] !== value)
      found.push(`params.${name} is ${JSON.stringify(entry.params[name])}, expected ${JSON.stringify(value)}`)
  }
  for (const [name, value] of Object.entries(expected.query ?? {})) {
    if (entry.query[name] !== value)
      found.push(`query.${name} is ${JSON.stringify(entry.query[name])}, expected ${JSON.stringify(value)}`)
  }
  if (expected.body !== undefined) {
    if (entry.bodyTruncated) found.push('body is longer than the 64 KiB the journal keeps, so it cannot be matched')
    else if (!containsMatch(entry.body, expected.body)) found.push('body does not contain the expected fields')
  }
  return found
}

function describeExpectation(expected: CallExpectation): string {
  const parts: string[] = [expected.operation]
  if (expected.params) parts.push(`params ${JSON.stringify(expected.params)}`)
  if (expected.query) parts.push(`query ${JSON.stringify(expected.query)}`)
  if (expected.body !== undefined) parts.push(`body containing ${JSON.stringify(expected.body)}`)
  return parts.join(', ')
}

function row(entry: JournalEntry, index: number, note = ''): string {
  return `  #${String(index + 1).padEnd(4)}${entry.method.padEnd(5)}${entry.path.padEnd(60)} ${String(entry.status).padEnd(4)}${note}`
}

/**
 * Checks that the journal holds the expected calls and throws a
 * {@link VerificationError} with a readable table when it does not — the
 * expectation, the calls that matched and the nearest misses.
 *
 * @example
 * verifyCalls(service.journal.entries, { operation: 'asset_snapshot', params: { asset: id }, times: 1 })
 */
export function verifyCalls(entries: readonly JournalEntry[], expected: CallExpectation): JournalEntry[] {
  const matched = entries.filter((entry) => matches(entry, expected))
  const ok = expected.times === undefined ? matched.length > 0 : matched.length === expected.times
  if (ok) return matched
  const wanted =
    expected.times === undefined ? 'at least once' : `exactly ${expected.times} time${expected.times === 1 ? '' : 's'}`
  const misses = entries
    .map((entry, index) => ({ entry, index, found: differences(entry, expected) }))
    .filter(({ found }) => found.length > 0)
    .sort((a, b) => score(a.entry, a.found, expected) - score(b.entry, b.found, expected))
    .slice(0, 3)
  const lines = [
    `Failed to verify calls: expected ${describeExpectation(expected)} ${wanted}, but it was called ${matched.length} time${matched.length === 1 ? '' : 's'}.`,
    '',
    `Matching calls (${matched.length}):`,
    ...(matched.length === 0 ? ['  (none)'] : matched.map((entry) => row(entry, entries.indexOf(entry)))),
    '',
    `Nearest misses (${misses.length} of ${entries.length - matched.length}):`,
    ...(misses.length === 0
      ? ['  (none)']
      : misses.map(({ entry, index, found }) => row(entry, index, ` ${found.join('; ')}`))),
  ]
  throw new VerificationError(lines.join('\n'))
}

function score(entry: JournalEntry, found: string[], expected: CallExpectation): number {
  // Same operation with other arguments first, then by how many things differ.
  return (entry.operation === expected.operation ? 0 : 100) + found.length
}
