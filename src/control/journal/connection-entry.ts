import type { StreamConnection } from '../../events/stream-connection.js'
import { clientOperationTable } from '../../routes/client-operation-table.js'
import type { JournalEntry } from './journal-entry.js'

/** What one WebSocket's entry costs besides its path and refusal text, roughly: the record's other fields. */
const CONNECTION_OVERHEAD = 256

/** Every query and parameter list of a WebSocket's entry: upgrades are journaled by path alone. */
const NONE: Readonly<Record<string, string>> = Object.freeze({})

/** A WebSocket as the journal keeps it: the live connection, its operation name, and its entry once it is closed. */
export interface KeptConnection {
  readonly connection: StreamConnection
  readonly operation: string
  /** The entry made of a closed connection, until it changes again. */
  entry?: JournalEntry
}

/**
 * What the journal keeps of a WebSocket upgrade: the connection the session
 * updates in place (no frame is copied), and the official client's method
 * of its path. `size` is about how many bytes it holds.
 *
 * @example
 * const { kept, size } = keptConnection(connection)
 * connectionEntry(kept).websocket?.framesSent // 3
 */
export function keptConnection(connection: StreamConnection): { kept: KeptConnection; size: number } {
  const size = CONNECTION_OVERHEAD + connection.path.length + (connection.refusal?.length ?? 0)
  const operation = streamOperationAt(connection.path) ?? connection.stream ?? ''
  return { kept: { connection, operation }, size }
}

/**
 * The journal entry of a kept WebSocket: made afresh on each read while it
 * is open (its frame counts move), kept once it is closed.
 *
 * @example
 * connectionEntry(kept).status // 101
 */
export function connectionEntry(kept: KeptConnection): JournalEntry {
  if (kept.entry) return kept.entry
  const { connection } = kept
  const entry: JournalEntry = {
    transport: 'websocket',
    operation: kept.operation,
    method: 'GET',
    path: connection.path,
    query: NONE,
    params: NONE,
    body: undefined,
    status: connection.status,
    durationMs: (connection.endedAt ?? performance.now()) - connection.startedAt,
    at: connection.at,
    websocket: {
      ...(connection.stream !== undefined && { stream: connection.stream }),
      state: connection.refusal !== undefined ? 'refused' : connection.closed ? 'closed' : 'open',
      framesSent: connection.framesSent,
      framesReceived: connection.framesReceived,
      ...(connection.closeCode !== undefined && { closeCode: connection.closeCode }),
      ...(connection.closeReason !== undefined && { closeReason: connection.closeReason }),
      ...(connection.refusal !== undefined && { refusal: connection.refusal }),
    },
  }
  if (connection.closed) kept.entry = entry
  return entry
}

/** The path pattern of each WebSocket method of the official client, split at its slashes (made on first use). */
let streamOperations: readonly { readonly id: string; readonly segments: readonly string[] }[] | undefined

function streamOperationsOfClient() {
  return (streamOperations ??= clientOperationTable()
    .filter((operation) => operation.websocket)
    .map((operation) => ({ id: operation.id, segments: operation.path.split('/') })))
}

/** The official client's method of the stream at a path (`qgptStream`), if it has one. */
function streamOperationAt(path: string): string | undefined {
  const segments = path.split('/')
  const found = streamOperationsOfClient().find(
    (operation) =>
      operation.segments.length === segments.length &&
      operation.segments.every((part, index) => part.startsWith(':') || part === segments[index]),
  )
  return found?.id
}
