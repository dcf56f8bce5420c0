import type { Store } from '../store/create-store.js'
import { serveIdentifierStreams } from './identifier-streams.js'
import { serveRecordStreams, type RecordStreamSources } from './record-streams.js'
import { serveFileReadStream, type FileReadSource } from './file-read-stream.js'
import { serveStatusStreams, type StatusSources } from './status-streams.js'
import type { StreamEndpoint } from './stream-endpoint.js'
import type { StreamHub } from './stream-hub.js'
import { STREAM_NAMES, STREAM_TABLE, type StreamNameOf } from './stream-table.js'

/** What the streams of each kind are served from. */
export interface StreamSources {
  /** Where the status streams read their frames. */
  readonly status: StatusSources
  /** How the record streams render their frames. */
  readonly records: RecordStreamSources
  /** The copilot's endpoint (it lives with the copilot, which answers the questions). */
  copilot(): StreamEndpoint
  /** Where the file-read stream reads the virtual file tree. */
  readonly files: FileReadSource
}

/** Every stream endpoint of the stream table, and the function that stops them hearing the store. */
export interface ServedStreams {
  /** One endpoint per row of the stream table with a literal path, in table order (downloads are served per model). */
  readonly endpoints: readonly StreamEndpoint[]
  /** Sends a status stream's source again to every client (after what it reads changed outside the store). */
  resend(name: StreamNameOf<'status'>): void
  close(): void
}

/**
 * Serves every row of the stream table through the hub, each by its kind:
 * identifier and record streams from the store's writes, status streams from their
 * sources, the copilot's from its endpoint.
 *
 * @example
 * const streams = serveStreams(store, hub, { status, copilot: () => copilotStream(environment) })
 * streams.endpoints.map((endpoint) => endpoint.path) // ['/conversations/stream/identifiers', …, '/qgpt/stream']
 */
export function serveStreams(store: Store, hub: StreamHub, sources: StreamSources): ServedStreams {
  const identifier = serveIdentifierStreams(store, hub)
  const records = serveRecordStreams(store, hub, sources.records)
  const status = serveStatusStreams(store, hub, sources.status)
  const served = [
    ...identifier.endpoints,
    ...records.endpoints,
    ...status.endpoints,
    serveFileReadStream(hub, sources.files),
  ]
  const byName = new Map(served.map((endpoint) => [endpoint.name, endpoint]))
  const literal = STREAM_NAMES.filter((name) => STREAM_TABLE[name].kind !== 'download')
  const endpoints = literal.map((name) => {
    const endpoint = STREAM_TABLE[name].kind === 'copilot' ? sources.copilot() : byName.get(name)
    if (endpoint === undefined || endpoint.name !== name) {
      throw new Error(
        `Failed to serve the stream ${name}: no endpoint of its kind answers it. Serve every row of src/events/stream-table.ts by its kind.`,
      )
    }
    return endpoint
  })
  return {
    endpoints,
    resend: (name) => status.resend(name),
    close() {
      identifier.close()
      records.close()
      status.close()
    },
  }
}
