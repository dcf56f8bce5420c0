import { invariant } from 'outvariant'
import { STREAM_NAMES, type StreamName } from '../../events/stream-paths.js'
import { closestNames, quotedName } from '../../routes/closest-names.js'
import type { JournalEntry } from '../journal/journal-entry.js'
import { VerificationError } from './verify-calls.js'

/** What a test expects the code under test to have done with a stream: connected, how often, and what went over it. */
export interface StreamExpectation {
  /** The stream, by its name in `STREAM_PATHS`: `qgpt`, `conversations`, `health`… */
  stream: StreamName
  /** The upgrade's status: 101 for an accepted one (the default), or a refusal's (403, 503…). */
  status?: number
  /** At least this many frames sent to the client on each matching connection. */
  minFramesSent?: number
  /** At least this many frames the client sent on each matching connection. */
  minFramesReceived?: number
  /** Closed with this code (a connection still open does not match). */
  closeCode?: number
  /** Exactly this many connections (default: at least one). */
  times?: number
}

const FIELDS = ['stream', 'status', 'minFramesSent', 'minFramesReceived', 'closeCode', 'times']

/**
 * Checks that the journal holds the expected WebSocket connections of a
 * stream and throws a {@link VerificationError} with a readable table when
 * it does not: the expectation, the connections that matched and the
 * nearest misses. Throws a plain error for an expectation that cannot be
 * met (a stream the mock does not serve, a field it does not know).
 *
 * @example
 * verifyStreams(service.journal.entries, { stream: 'qgpt', times: 1, minFramesReceived: 1 })
 */
export function verifyStreams(entries: readonly JournalEntry[], expected: StreamExpectation): JournalEntry[] {
  checkExpectation(expected)
  const sockets = entries.filter((entry) => entry.websocket)
  const matched = sockets.filter((entry) => differences(entry, expected).length === 0)
  const ok = expected.times === undefined ? matched.length > 0 : matched.length === expected.times
  if (ok) return matched
  const wanted =
    expected.times === undefined ? 'at least once' : `exactly ${expected.times} time${expected.times === 1 ? '' : 's'}`
  const misses = sockets
    .map((entry) => ({ entry, found: differences(entry, expected) }))
    .filter(({ found }) => found.length > 0)
    .sort((a, b) => score(a.entry, a.found, expected) - score(b.entry, b.found, expected))
    .slice(0, 3)
  const lines = [
    `Failed to verify stream connections: expected ${describe(expected)} ${wanted}, but it matched ${matched.length} time${matched.length === 1 ? '' : 's'}.`,
    '',
    `Matching connections (${matched.length}):`,
    ...(matched.length === 0 ? ['  (none)'] : matched.map((entry) => row(entry, entries.indexOf(entry)))),
    '',
    `Nearest misses (${misses.length} of ${sockets.length - matched.length} other WebSockets):`,
    ...(misses.length === 0
      ? ['  (none)']
      : misses.map(({ entry, found }) => row(entry, entries.indexOf(entry), ` ${found.join('; ')}`))),
  ]
  throw new VerificationError(lines.join('\n'))
}

function checkExpectation(expected: StreamExpectation): void {
  const unknown = Object.keys(expected).filter((field) => !FIELDS.includes(field))
  invariant(
    unknown.length === 0,
    'Failed to verify stream connections: the expectation has no field %s. Use only %s.',
    unknown.map((field) => `"${field}"`).join(', '),
    FIELDS.join(', '),
  )
  if (STREAM_NAMES.includes(expected.stream)) return
  const closest = closestNames(String(expected.stream), STREAM_NAMES)
  const hint = closest.length > 0 ? ` Did you mean ${closest.map((name) => `"${name}"`).join(', ')}?` : ''
  invariant(
    false,
    `Failed to verify stream connections: ${quotedName(String(expected.stream))} is not a stream of the mock.${hint} Name one of ${STREAM_NAMES.join(', ')}.`,
  )
}

function differences(entry: JournalEntry, expected: StreamExpectation): string[] {
  const socket = entry.websocket!
  const found: string[] = []
  if (socket.stream !== expected.stream) found.push(`stream is ${socket.stream ?? `none (${entry.path})`}`)
  const status = expected.status ?? 101
  if (entry.status !== status) found.push(`status is ${entry.status}, expected ${status}`)
  if (expected.minFramesSent !== undefined && socket.framesSent < expected.minFramesSent)
    found.push(`${socket.framesSent} frames sent, expected at least ${expected.minFramesSent}`)
  if (expected.minFramesReceived !== undefined && socket.framesReceived < expected.minFramesReceived)
    found.push(`${socket.framesReceived} frames received, expected at least ${expected.minFramesReceived}`)
  if (expected.closeCode !== undefined && socket.closeCode !== expected.closeCode)
    found.push(
      socket.state === 'open'
        ? 'still open'
        : `closed with ${socket.closeCode ?? 'no code'}, expected ${expected.closeCode}`,
    )
  return found
}

function describe(expected: StreamExpectation): string {
  const parts = [`a ${expected.stream} WebSocket`]
  parts.push(expected.status === undefined || expected.status === 101 ? 'accepted' : `refused with ${expected.status}`)
  if (expected.minFramesSent !== undefined) parts.push(`at least ${expected.minFramesSent} frames sent`)
  if (expected.minFramesReceived !== undefined) parts.push(`at least ${expected.minFramesReceived} frames received`)
  if (expected.closeCode !== undefined) parts.push(`closed with ${expected.closeCode}`)
  return parts.join(', ')
}

function row(entry: JournalEntry, index: number, note = ''): string {
  const socket = entry.websocket!
  const close = socket.closeCode === undefined ? '' : ` ${socket.closeCode}`
  const counts = `${socket.state}${close}, ${socket.framesSent} sent, ${socket.framesReceived} received`
  return `  #${String(index + 1).padEnd(4)}WS   ${entry.path.padEnd(60)} ${String(entry.status).padEnd(4)}${counts}${note}`
}

function score(entry: JournalEntry, found: string[], expected: StreamExpectation): number {
  // The same stream with other details first, then by how many things differ.
  return (entry.websocket?.stream === expected.stream ? 0 : 100) + found.length
}
