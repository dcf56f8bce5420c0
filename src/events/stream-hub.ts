import type { StreamName } from './stream-paths.js'

/** One connected client, whatever its transport. */
export interface StreamClient {
  /** Sends one serialized frame. */
  send(frame: string): void
  /** Closes the connection with a code and reason. */
  close(code: number, reason: string): void
}

/** What a stream fault does to the frame it matched: close the clients, drop the frame or delay it. */
interface StreamFaultEffect {
  readonly close?: { readonly code: number; readonly reason?: string }
  readonly drop?: boolean
  readonly delayMs?: number
}

/** The hooks a hub is handed. */
export interface StreamHubHooks {
  /** Takes the fault that applies to the next frame of a stream, if any. */
  takeFault?(stream: StreamName): StreamFaultEffect | undefined
}

/** What hub listeners hear: a client connected or left, or a frame went out to the clients of a stream. */
export type HubEvent =
  | { readonly type: 'connect' | 'disconnect'; readonly stream: StreamName; readonly clients: number }
  | { readonly type: 'frame'; readonly stream: StreamName; readonly frame: string; readonly clients: number }

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
  /**
   * Closes every client of every stream with a code and reason (a service
   * restart): they leave at once, and the transports keep accepting new ones.
   */
  disconnectAll(code: number, reason: string): void
  /** Forgets every client (their transports close them). */
  close(): void
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
  const clients = new Map<StreamName, Set<StreamClient>>()
  const listeners = new Set<(event: HubEvent) => void>()
  const clientsOf = (stream: StreamName): Set<StreamClient> => {
    let set = clients.get(stream)
    if (!set) clients.set(stream, (set = new Set()))
    return set
  }
  // A listener's failure never keeps a frame from the clients, nor the other listeners from hearing it.
  function tell(event: HubEvent): void {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        console.error(error)
      }
    }
  }
  function sent(stream: StreamName, frame: string, count: number): void {
    if (listeners.size > 0 && count > 0) tell({ type: 'frame', stream, frame, clients: count })
  }
  function left(stream: StreamName, client: StreamClient): void {
    const set = clientsOf(stream)
    if (set.delete(client) && listeners.size > 0) tell({ type: 'disconnect', stream, clients: set.size })
  }
  // A transport that fails to send to one client must not keep the frame from the others.
  function sendEach(targets: Iterable<StreamClient>, frame: string): number {
    let count = 0
    for (const client of targets) {
      try {
        client.send(frame)
        count++
      } catch {
        // The transport reports its own closed connection; the client leaves then.
      }
    }
    return count
  }
  function deliver(stream: StreamName, targets: StreamClient[], frame: string): void {
    if (targets.length === 0) return
    const fault = hooks.takeFault?.(stream)
    if (fault?.close) {
      for (const client of targets) {
        left(stream, client)
        // One client that cannot be closed keeps no other open, nor fails the write that sent the frame.
        try {
          client.close(fault.close.code, fault.close.reason ?? 'Injected fault.')
        } catch (error) {
          console.error(`A client of the ${stream} stream could not be closed by an injected fault.`, error)
        }
      }
    } else if (fault?.drop) {
      return
    } else if (fault?.delayMs) {
      setTimeout(() => {
        const set = clientsOf(stream)
        sent(
          stream,
          frame,
          sendEach(
            targets.filter((client) => set.has(client)),
            frame,
          ),
        )
      }, fault.delayMs)
    } else {
      sent(stream, frame, sendEach(targets, frame))
    }
  }

  return {
    join(stream, client, first) {
      const set = clientsOf(stream)
      set.add(client)
      if (listeners.size > 0) tell({ type: 'connect', stream, clients: set.size })
      if (first !== undefined) sent(stream, first, sendEach([client], first))
      return () => left(stream, client)
    },
    broadcast(stream, frame) {
      const set = clients.get(stream)
      if (set && set.size > 0) deliver(stream, [...set], frame)
    },
    sendTo(stream, client, frame) {
      if (clientsOf(stream).has(client)) deliver(stream, [client], frame)
    },
    clientCount: (stream) => clients.get(stream)?.size ?? 0,
    disconnectAll(code, reason) {
      for (const [stream, set] of clients) {
        for (const client of [...set]) {
          left(stream, client)
          // One client that cannot be closed keeps no other open.
          try {
            client.close(code, reason)
          } catch (error) {
            console.error(`A client of the ${stream} stream could not be closed for a restart.`, error)
          }
        }
      }
    },
    close() {
      clients.clear()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
