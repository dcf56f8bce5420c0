import type { HubEvent } from './hub-event.js'
import type { StreamClient } from './stream-client.js'
import type { StreamName } from './stream-paths.js'

/** The clients of every stream of a hub, and its listeners, told of each connect, disconnect and frame sent. */
export interface HubClients {
  /** The clients of a stream (an empty set kept for it when it has none yet). */
  of(stream: StreamName): Set<StreamClient>
  /** The clients of a stream, when any ever joined it. */
  existing(stream: StreamName): Set<StreamClient> | undefined
  /** Every stream's clients. */
  all(): Iterable<[StreamName, Set<StreamClient>]>
  /** How many clients are connected, every stream together. */
  readonly total: number
  joined(stream: StreamName, client: StreamClient): void
  left(stream: StreamName, client: StreamClient): void
  /** Tells the listeners a frame went out to `count` clients (when any). */
  sent(stream: StreamName, frame: string, count: number): void
  /** Forgets every client. */
  clear(): void
  /** Hears of connects, disconnects and frames sent; returns the function that stops listening. */
  subscribe(listener: (event: HubEvent) => void): () => void
}

/**
 * The bookkeeping of a stream hub: its clients by stream, and listeners
 * whose failures never keep a frame from the clients, nor the other
 * listeners from hearing it. Listeners are told only when there are any.
 *
 * @example
 * const clients = createHubClients()
 * clients.joined('health', client)
 */
export function createHubClients(): HubClients {
  const clients = new Map<StreamName, Set<StreamClient>>()
  const listeners = new Set<(event: HubEvent) => void>()
  let total = 0
  function of(stream: StreamName): Set<StreamClient> {
    let set = clients.get(stream)
    if (!set) clients.set(stream, (set = new Set()))
    return set
  }
  function tell(event: HubEvent): void {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        console.error(error)
      }
    }
  }
  return {
    of,
    existing: (stream) => clients.get(stream),
    all: () => clients,
    get total() {
      return total
    },
    joined(stream, client) {
      const set = of(stream)
      const size = set.size
      if (set.add(client).size > size) total++
      if (listeners.size > 0) tell({ type: 'connect', stream, clients: set.size })
    },
    left(stream, client) {
      const set = of(stream)
      if (!set.delete(client)) return
      total--
      if (listeners.size > 0) tell({ type: 'disconnect', stream, clients: set.size })
    },
    sent(stream, frame, count) {
      if (listeners.size > 0 && count > 0) tell({ type: 'frame', stream, frame, clients: count })
    },
    clear() {
      clients.clear()
      total = 0
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
