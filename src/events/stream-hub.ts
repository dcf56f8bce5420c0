import { closeClient, deliverFrame, sendEach, type StreamFaultEffect } from './deliver-frame.js'
import { createHubClients } from './hub-clients.js'
import type { HubEvent } from './hub-event.js'
import type { StreamClient } from './stream-client.js'
import type { StreamName } from './stream-paths.js'

export type { StreamClient } from './stream-client.js'

/** The close code and reason a closed hub's late clients get. */
export interface StreamClosing {
  readonly code: number
  readonly reason: string
}

/** The hooks a hub is handed. */
export interface StreamHubHooks {
  /** Takes the fault that applies to the next frame of a stream, if any. */
  takeFault?(stream: StreamName): StreamFaultEffect | undefined
}

/** The clients of every stream, and the one way frames reach them. */
export interface StreamHub {
  /**
   * Registers a client of a stream and sends it `first` when given (no
   * fault applies to a first frame); returns the function that disconnects it.
   */
  join(stream: StreamName, client: StreamClient, first?: string): () => void
  /** Sends a frame to every client of a stream; a stream fault may drop, delay or replace it with a close. */
  broadcast(stream: StreamName, frame: string): void
  /** Sends a frame to one client of a stream, with the faults of {@link StreamHub.broadcast}. */
  sendTo(stream: StreamName, client: StreamClient, frame: string): void
  /** How many clients are connected to a stream. */
  clientCount(stream: StreamName): number
  /** How many clients are connected, every stream together: a store listener with none to send to returns at once. */
  readonly totalClients: number
  /**
   * Closes every client of every stream with a code and reason (a service
   * restart): they leave at once, and the transports keep accepting new ones.
   */
  disconnectAll(code: number, reason: string): void
  /**
   * Forgets every client (their transports close them). Given a code and
   * reason, a client that joins later is closed with them at once, without
   * a frame (the hub's service is gone: a dropped session).
   */
  close(closing?: StreamClosing): void
  /** Hears of connects, disconnects and frames sent; returns the function that stops listening. */
  subscribe(listener: (event: HubEvent) => void): () => void
}

/**
 * Creates the hub every stream sends through, whatever its transport: it
 * keeps each stream's clients, applies stream faults (drop, delay, close)
 * and tells listeners (the inspector) what went out.
 *
 * @example
 * const hub = createStreamHub({ takeFault: (stream) => faults.takeStream(stream) })
 * const leave = hub.join('health', { send: (frame) => socket.send(frame), close: (code) => socket.close(code) }, 'ok')
 */
export function createStreamHub(hooks: StreamHubHooks = {}): StreamHub {
  const clients = createHubClients()
  let closed: StreamClosing | undefined
  function deliver(stream: StreamName, targets: StreamClient[], frame: string): void {
    if (targets.length > 0) deliverFrame(clients, stream, targets, frame, hooks.takeFault?.(stream))
  }
  return {
    join(stream, client, first) {
      if (closed) {
        closeClient(stream, client, closed.code, closed.reason, 'after its service closed')
        return () => undefined
      }
      clients.joined(stream, client)
      if (first !== undefined) clients.sent(stream, first, sendEach([client], first))
      return () => clients.left(stream, client)
    },
    broadcast(stream, frame) {
      const set = clients.existing(stream)
      if (set && set.size > 0) deliver(stream, [...set], frame)
    },
    sendTo(stream, client, frame) {
      if (clients.of(stream).has(client)) deliver(stream, [client], frame)
    },
    clientCount: (stream) => clients.existing(stream)?.size ?? 0,
    get totalClients() {
      return clients.total
    },
    disconnectAll(code, reason) {
      for (const [stream, set] of clients.all()) {
        for (const client of [...set]) {
          clients.left(stream, client)
          // One client that cannot be closed keeps no other open.
          closeClient(stream, client, code, reason, `with ${code}`)
        }
      }
    },
    close(closing) {
      clients.clear()
      closed = closing
    },
    subscribe: (listener) => clients.subscribe(listener),
  }
}
