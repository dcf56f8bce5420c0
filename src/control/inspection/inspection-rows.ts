import type { StreamName } from '../../events/stream-paths.js'
import type { JournalEntry, WebSocketActivity } from '../journal/journal-entry.js'

/** One journal entry as the inspector lists it. */
export interface JournalRow {
  readonly id: number
  readonly operation: string
  readonly method: string
  readonly path: string
  /** 0 for a network error. */
  readonly status: number
  readonly durationMs: number
  readonly at: string
  readonly faultId?: string
  /** A WebSocket's stream, state and frame counts; the row is sent again, same id, when it closes. */
  readonly websocket?: WebSocketActivity
}

/** One frame on a stream, either way, as the inspector shows it. */
export interface FrameRow {
  readonly id: number
  readonly stream: StreamName
  /** `sent` for a frame the mock sent, `received` for one a client sent it. */
  readonly direction: 'sent' | 'received'
  /** When it was sent, by the mock's clock. */
  readonly at: string
  /** How many clients it went to. */
  readonly clients: number
  /** How many identifiers it carries. */
  readonly items: number
  /** The frame as sent, cut at 2 KiB. */
  readonly text: string
  readonly truncated: boolean
}

/** A fault as the inspector lists it: `remaining` is null for "every time". */
export type FaultRow = Record<string, unknown> & { readonly id: string; readonly remaining: number | null }

/** Clients connected to a stream, and the frames sent on it since the mock started. */
export interface StreamCounts {
  readonly clients: number
  readonly frames: number
}

const FRAME_TEXT = 2048

/**
 * A journal entry as the inspector lists it.
 *
 * @example
 * journalRow(journal.entry(1)!, 1).status // 200
 */
export function journalRow(entry: JournalEntry, id: number): JournalRow {
  return {
    id,
    operation: entry.operation,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    durationMs: entry.durationMs,
    at: entry.at,
    ...(entry.faultId && { faultId: entry.faultId }),
    ...(entry.websocket && { websocket: entry.websocket }),
  }
}

/**
 * A fault as the inspector lists it: `remaining` null for "every time".
 *
 * @example
 * faultRow({ id: 'f1', remaining: Infinity }).remaining // null
 */
export function faultRow(fault: { readonly id: string; readonly remaining: number }): FaultRow {
  return { ...fault, remaining: Number.isFinite(fault.remaining) ? fault.remaining : null }
}

/**
 * A frame as the inspector shows it: how many identifiers it carries, cut at
 * 2 KiB; sent by the mock unless `direction` says a client sent it.
 *
 * @example
 * frameRow(1, 'conversations', text, 2, now).items
 */
export function frameRow(
  id: number,
  stream: StreamName,
  text: string,
  clients: number,
  at: string,
  direction: FrameRow['direction'] = 'sent',
): FrameRow {
  let items = 0
  for (let found = text.indexOf('"id":'); found !== -1; found = text.indexOf('"id":', found + 5)) items++
  if (text.length <= FRAME_TEXT) return { id, stream, direction, at, clients, items, text, truncated: false }
  // Copied, not sliced: a slice would keep the whole frame (a first frame of a large store) alive.
  const head = new TextDecoder().decode(new TextEncoder().encode(text.slice(0, FRAME_TEXT)))
  return { id, stream, direction, at, clients, items, text: head, truncated: true }
}
