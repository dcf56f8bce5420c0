import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/** An MCP transport over one Server-Sent Events stream, and the messages posted for it. */
export interface SseStreamTransport extends Transport {
  readonly sessionId: string
  /** The event stream, the body of the answer to the client's GET. */
  readonly stream: ReadableStream<Uint8Array>
  /** Hands over a message the client posted (already checked as JSON-RPC). */
  receive(message: JSONRPCMessage): void
}

/** The most bytes a stream holds that its client has not read yet; past it the stream ends (the client is not reading). */
export const MAX_UNREAD_BYTES = 8 * 1024 * 1024

/**
 * The 2024-11-05 MCP transport (HTTP with Server-Sent Events) on web
 * streams, so that MSW and the standalone server serve the same stream: the
 * first event names where to post (`event: endpoint`, `postPath` relative
 * to the stream's URL), each message the
 * server sends is an `event: message`. Closing it, or the client's going
 * away (the stream cancelled), ends the stream and calls `onclose` once; so
 * does a client that posts and never reads, once the events it left unread
 * pass {@link MAX_UNREAD_BYTES}.
 *
 * @example
 * const transport = createSseStreamTransport(crypto.randomUUID(), 'messages')
 * await server.connect(transport)
 * return new Response(transport.stream, { headers: { 'content-type': 'text/event-stream' } })
 */
export function createSseStreamTransport(sessionId: string, postPath: string): SseStreamTransport {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let closed = false
  const transport: SseStreamTransport = {
    sessionId,
    stream: new ReadableStream<Uint8Array>(
      {
        start(started) {
          controller = started
        },
        cancel: () => finish(),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: MAX_UNREAD_BYTES }),
    ),
    start() {
      write('endpoint', `${postPath}?sessionId=${encodeURIComponent(sessionId)}`)
      return Promise.resolve()
    },
    send(message) {
      if (closed) return Promise.reject(new Error('Failed to send an MCP message: the stream is closed.'))
      write('message', JSON.stringify(message))
      return Promise.resolve()
    },
    close() {
      if (!closed) {
        try {
          controller.close()
        } catch {
          // Already closed or cancelled by the client.
        }
      }
      finish()
      return Promise.resolve()
    },
    receive(message) {
      transport.onmessage?.(message)
    },
  }
  function write(event: string, data: string): void {
    if (closed) return
    controller.enqueue(encoder.encode(`event: ${event}\ndata: ${data}\n\n`))
    if ((controller.desiredSize ?? 0) < 0) void transport.close()
  }
  function finish(): void {
    if (closed) return
    closed = true
    transport.onclose?.()
  }
  return transport
}
