import type { StreamName } from './stream-paths.js'

/**
 * One WebSocket upgrade as the stream layer reports it: accepted (status
 * 101, its frames counted while it is open, its close filled in when it
 * closes) or refused (the status and text the client was answered). It holds
 * counters, never frames; the stream session owns it and updates it in place.
 */
export interface StreamConnection {
  /** The stream served at the path; undefined when no stream of the mock is there. */
  readonly stream: StreamName | undefined
  /** The path of the upgrade request, without the query. */
  readonly path: string
  /** When the upgrade arrived, by the mock's clock (ISO-8601). */
  readonly at: string
  /** 101 when accepted; the refusal's status (404, 501, 403, 503…) when refused. */
  readonly status: number
  /** Why it was refused, as the client was told; absent when accepted. */
  readonly refusal?: string
  /** Frames sent to the client so far, its first frame included. */
  framesSent: number
  /** Text frames the client sent so far. */
  framesReceived: number
  /** Set once the connection closed (always for a refused upgrade). */
  closed: boolean
  /** The close code, when the transport reported one (1000 normal, 1001 going away, a fault's code…). */
  closeCode?: number
  /** The close reason, when there was one. */
  closeReason?: string
  /** Milliseconds from the upgrade to the close (to now while open), by the process's monotonic clock. */
  readonly startedAt: number
  endedAt?: number
}

/**
 * What the stream layer is handed to report connections (the journal, in a
 * service): `opened` hears each upgrade, accepted or refused, and returns the
 * function to call whenever that connection changes in a way worth telling
 * (it closed, or its close code arrived).
 */
export interface StreamConnectionHooks {
  /** The mock's time, for `at`. */
  now(): Date
  /** Keeps a connection; returns the function that tells it changed. */
  opened(connection: StreamConnection): () => void
  /** Hears each frame sent on a connection (the inspector keeps the newest). */
  sent?(connection: StreamConnection, frame: string): void
  /** Hears each frame the client sent on a connection: its text, or a binary frame's byte length. */
  received?(connection: StreamConnection, frame: string | number): void
}

/**
 * A new connection record for an upgrade at `path`: accepted (101) unless a
 * refusal is given, in which case it is closed from the start.
 *
 * @example
 * const refused = streamConnection(hooks, undefined, '/nope', { status: 404, text: 'No stream here.' })
 */
export function streamConnection(
  hooks: Pick<StreamConnectionHooks, 'now'>,
  stream: StreamName | undefined,
  path: string,
  refused?: { readonly status: number; readonly text: string },
): StreamConnection {
  const startedAt = performance.now()
  return {
    stream,
    path,
    at: hooks.now().toISOString(),
    status: refused ? refused.status : 101,
    ...(refused && { refusal: refused.text }),
    framesSent: 0,
    framesReceived: 0,
    closed: refused !== undefined,
    startedAt,
    ...(refused && { endedAt: startedAt }),
  }
}
