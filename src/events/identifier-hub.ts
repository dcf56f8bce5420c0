import type { Store } from '../store/create-store.js'
import { changeFrames, firstFrame, type IdentifierStream } from './identifier-frames.js'

/** Sends one serialized frame to one connected client. */
export type FrameSender = (frame: string) => void

/** Fans store changes out to the clients of the identifier streams, whatever transport they use. */
export interface IdentifierHub {
  /** Registers a client: it gets its first frame at once; returns the function that disconnects it. */
  connect(stream: IdentifierStream, send: FrameSender): () => void
  /** How many clients are connected to a stream. */
  clientCount(stream: IdentifierStream): number
  /** Disconnects every client and stops listening to the store. */
  close(): void
}

/**
 * Creates the hub that turns the store's committed writes into identifier
 * frames: the store's write path is the only source of events.
 *
 * @example
 * const hub = createIdentifierHub(store)
 * const disconnect = hub.connect('conversations', (frame) => socket.send(frame))
 */
export function createIdentifierHub(store: Store): IdentifierHub {
  const clients: Record<IdentifierStream, Set<FrameSender>> = { conversations: new Set(), assets: new Set() }
  const streams = Object.keys(clients) as IdentifierStream[]

  const unsubscribe = store.subscribe((event) => {
    for (const stream of streams) {
      if (clients[stream].size === 0) continue
      const frames =
        event.type === 'replace' ? [firstFrame(store, stream)] : changeFrames(event.changes, stream)
      for (const frame of frames) {
        const text = JSON.stringify(frame)
        for (const send of clients[stream]) send(text)
      }
    }
  })

  return {
    connect(stream, send) {
      clients[stream].add(send)
      send(JSON.stringify(firstFrame(store, stream)))
      return () => clients[stream].delete(send)
    },
    clientCount: (stream) => clients[stream].size,
    close() {
      unsubscribe()
      for (const stream of streams) clients[stream].clear()
    },
  }
}
