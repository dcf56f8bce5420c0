import type { MockServiceOptions } from '../core/create-mock-service.js'
import type { Durability } from '../persistence/file/file-persistence.js'
import type { UpstreamLimits } from '../replay/recording/create-upstream-forwarder.js'

/**
 * How `startStandaloneServer` serves the mock: where, and the limits that keep
 * any client from taking it down.
 *
 * @example
 * const options: StandaloneServerOptions = { port: 0, maxConnections: 256, allowedOrigins: ['http://localhost:5173'] }
 */
export interface StandaloneServerOptions extends MockServiceOptions {
  /** Port to listen on (default 39300; 0 picks a free one). */
  port?: number
  /** Address to bind (default 127.0.0.1). */
  host?: string
  /** Largest request body accepted, in bytes (default 16 MiB); larger ones answer 413. */
  maxBodyBytes?: number
  /**
   * Most bytes of request bodies read at once, over all connections (default
   * 64 MiB, or maxBodyBytes when larger); a body that would pass it answers 503.
   */
  maxBodyBytesInFlight?: number
  /**
   * A running service (e.g. http://localhost:39300) that answers what the mock answers 501, for a half-mocked setup.
   * Requests go to its origin alone: a target that could name another host answers 400, not forwarded.
   */
  proxy?: string
  /** How `proxy` is bounded: `timeoutMs` (default 30 s, then 504) and `maxPending` requests at once (default 64, then 503). */
  proxyLimits?: UpstreamLimits
  /**
   * Keep the records in this file across restarts: each write is appended to
   * a log beside it (`FILE.log.<n>`) and on disk before it is answered, the
   * log compacted into the file in the background.
   */
  persist?: string
  /**
   * How `persist` keeps writes (default 'durable'): 'durable' answers a write
   * once it is on disk, and refuses with 507 one that cannot be put there;
   * 'relaxed' saves the whole state in the background, atomically, and may
   * lose the last seconds of writes to a crash.
   */
  durability?: Durability
  /** Told, one line each, when saving the persisted file starts failing and when it works again; process.stderr when left out. */
  warn?: (line: string) => void
  /** Called once per request and per stream connection and close with a one-line summary; nothing is logged when left out. */
  log?: (line: string) => void
  /**
   * How long `close()` lets the requests in flight finish before it drops
   * their connections, in milliseconds (default 10 s). Connections with no
   * request being answered (idle, or a client that sent nothing or half its
   * headers) are closed at once.
   */
  shutdownTimeoutMs?: number
  /**
   * Most HTTP connections open at once (default 1024); stream clients are
   * not counted here (see `maxStreamClients`). A request on a connection
   * past it is answered 503 with a message, and the connection closed.
   */
  maxConnections?: number
  /**
   * Most stream (WebSocket) clients open at once (default 1024), apart from
   * `maxConnections`: idle streams never take HTTP's connections. An upgrade
   * past it is refused with 503 and a message, before the WebSocket opens.
   */
  maxStreamClients?: number
  /** How long a client may take to send a request's headers, in milliseconds (default 10 s); 408 then. */
  headersTimeoutMs?: number
  /** How long a client may take to send a whole request, body included, in milliseconds (default 60 s); 408 then. */
  requestTimeoutMs?: number
  /** A stream client with more than this many bytes waiting for it is closed with 1013 (default 4 MiB). */
  streamBufferLimitBytes?: number
  /** How often stream clients are pinged, in milliseconds; one that misses a pong is dropped (default 30 s). */
  streamPingIntervalMs?: number
  /**
   * Most mock sessions kept at once (default 64): a request with an
   * `x-mock-session` header or `mock-session` cookie gets a mock of its own,
   * created on first use; past the limit the least recently used is dropped.
   */
  maxSessions?: number
  /** A mock session unused for this many milliseconds is dropped (default 10 minutes). */
  sessionIdleMs?: number
  /** Milliseconds now, for sessions' idle drops (default `Date.now`); inject one in tests. */
  sessionNow?: () => number
}
