import type { StreamClient } from './stream-hub.js'
import type { StreamName } from './stream-paths.js'

/** One client's connection to a stream, as the transport drives it. */
export interface StreamSession {
  /** A text frame the client sent. */
  receive(text: string): void
  /** A binary frame the client sent, of this many bytes; a stream that reads no frames leaves it out. */
  receiveBinary?(byteLength: number): void
  /**
   * The client went away (closed, errored or was closed), with the close code
   * and reason when the transport knows them; a transport may call it again
   * when the code arrives after an error.
   */
  leave(code?: number, reason?: string): void
}

/** A WebSocket stream the mock serves, whatever the transport: its name, its path, and what a client gets. */
export interface StreamEndpoint {
  readonly name: StreamName
  readonly path: string
  /** Connects a client: it gets its first frame at once when the stream has one. */
  open(client: StreamClient): StreamSession
}
