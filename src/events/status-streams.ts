import type { Store } from '../store/create-store.js'
import type { StreamEndpoint } from './stream-endpoint.js'
import type { StreamHub } from './stream-hub.js'
import { STREAM_TABLE, streamsOfKind, type StatusSource, type StreamNameOf } from './stream-table.js'

/** Where the status streams read what they send (the health stream always says `ok`). */
export interface StatusSources {
  /** The signed-in user as a wire UserProfile (JSON text), or undefined when no one is signed in. */
  user(): string | undefined
  /** When the user last checked in, as a wire GroupedTimestamp (JSON text). */
  lastCheckedIn(): string
  /** The vision processor's state, as a wire WorkstreamPatternEngineStatus (JSON text). */
  visionStatus(): string
  /** The service's settings, as a wire OSServerSettings (JSON text). */
  osSettings(): string
  /** The update status, as a wire OSServerUpdateStatus (JSON text). */
  osUpdate(): string
  /** What the workstream suggests, as a wire WorkstreamSuggestions (JSON text). */
  workstreamSuggestions(): string
  /** An applet's version (text). */
  appletVersion(): string
  /** Ollama's installer status, as a wire OllamaStatus (JSON text). */
  ollamaStatus(): string
  /** Foundry's installer status, as a wire FoundryStatus (JSON text). */
  foundryStatus(): string
  /** Every backup creation and restoration, as a wire BackupsStreamedProgress (JSON text). */
  backupsProgress(): string
  /** The latest backup creation, as a wire BackupStreamedProgress (JSON text), or undefined before the first. */
  backupCreation(): string | undefined
}

/** The status streams, and the function that stops them hearing the store. */
export interface StatusStreams {
  readonly endpoints: readonly StreamEndpoint[]
  /** Sends a status stream's source again to every client (after what it reads changed outside the store). */
  resend(name: StreamNameOf<'status'>): void
  close(): void
}

/**
 * Serves every status stream of the stream table: a client gets the row's
 * source on connect (nothing while it has none, as `/user/stream` while no one
 * is signed in), and a row with `resendOn` sends its source again to every
 * client when a write changes records of that kind or the store is replaced
 * (its `whenNone` frame when the source has nothing); `resend(name)` does the
 * same for a change outside the store (long-term memory switched on or off).
 *
 * @example
 * const status = serveStatusStreams(store, hub, { user: () => JSON.stringify(profile), lastCheckedIn: () => '{"value":"…"}', visionStatus: () => '{"vision":{}}' })
 */
export function serveStatusStreams(store: Store, hub: StreamHub, sources: StatusSources): StatusStreams {
  const read: Record<StatusSource, () => string | undefined> = { health: () => 'ok', ...sources }
  const names = streamsOfKind('status')
  const rowOf = (name: StreamNameOf<'status'>): StatusRow => STREAM_TABLE[name]
  const resend = (name: StreamNameOf<'status'>) => {
    if (hub.clientCount(name) === 0) return
    const row = rowOf(name)
    const frame = read[row.source]() ?? row.whenNone
    if (frame !== undefined) hub.broadcast(name, frame)
  }
  const unsubscribe = store.subscribe((event) => {
    // A write with no stream client connected anywhere asks no stream for its clients.
    if (hub.totalClients === 0) return
    for (const name of names) {
      const { resendOn, resendOnPart } = rowOf(name)
      // A write's changes are looked through only while the stream has clients to resend to.
      if (resendOn === undefined || hub.clientCount(name) === 0) continue
      const resent = (change: { kind: string; id: string }) =>
        change.kind === resendOn && (resendOnPart === undefined || change.id === resendOnPart)
      if (event.type === 'replace' || event.changes.some(resent)) resend(name)
    }
  })
  return {
    endpoints: names.map((name) => ({
      name,
      path: STREAM_TABLE[name].path,
      open(client) {
        const leave = hub.join(name, client, read[STREAM_TABLE[name].source]())
        return { receive() {}, leave }
      },
    })),
    resend,
    close: unsubscribe,
  }
}

/** What a status row says about how it is sent. */
interface StatusRow {
  readonly source: StatusSource
  readonly resendOn?: string
  readonly resendOnPart?: string
  readonly whenNone?: string
}
