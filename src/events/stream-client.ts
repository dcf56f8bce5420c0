/**
 * One connected client of a stream, whatever its transport.
 *
 * @example
 * const client: StreamClient = { send: (frame) => socket.send(frame), close: (code, reason) => socket.close(code, reason) }
 */
export interface StreamClient {
  /** Sends one serialized frame. */
  send(frame: string): void
  /** Closes the connection with a code and reason. */
  close(code: number, reason: string): void
}
