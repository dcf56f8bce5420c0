import type { Store } from '../store/create-store.js'
import { changeFrames, firstFrame, type IdentifierStream } from './identifier-frames.js'

/** One connected client, whatever its transport. */
interface StreamClient {
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
export interface IdentifierHubHooks {
  /** Takes the fault that applies to the next frame of a stream, if any. */
  takeFault?(stream: IdentifierStream): StreamFaultEffect | undefined
}

/** Fans store changes out to the clients of the identifier streams, whatever transport they use. */
export interface IdentifierHub {
  /** Registers a client: it gets its first frame at once; returns the function that disconnects it. */
  connect(stream: IdentifierStream, client: StreamClient): () => void
  /** How many clients are connected to a stream. */
  clientCount(stream: IdentifierStream): number
  /** Disconnects every client and stops listening to the store. */
  close(): void
}

/**
 * Creates the hub that turns the store's committed writes into identifier
 * frames: the store's write path is the only source of events. A stream
 * fault, when the hooks hand one over, may drop, delay or replace a frame
 * with a close.
 *
 * @example
 * const hub = createIdentifierHub(store)
 * const disconnect = hub.connect('conversations', { send: (frame) => socket.send(frame), close: (code) => socket.close(code) })
 */
export function createIdentifierHub(store: Store, hooks: IdentifierHubHooks = {}): IdentifierHub {
  const clients: Record<IdentifierStream, Set<StreamClient>> = { conversations: new Set(), assets: new Set() }
  const streams = Object.keys(clients) as IdentifierStream[]

  const unsubscribe = store.subscribe((event) => {
    for (const stream of streams) {
      if (clients[stream].size === 0) continue
      const frames =
        event.type === 'replace' ? [firstFrame(store, stream)] : changeFrames(event.changes, stream)
      for (const frame of frames) deliver(stream, JSON.stringify(frame))
    }
  })

  function deliver(stream: IdentifierStream, text: string): void {
    const fault = hooks.takeFault?.(stream)
    const targets = [...clients[stream]]
    if (fault?.close) {
      for (const client of targets) {
        clients[stream].delete(client)
        client.close(fault.close.code, fault.close.reason ?? 'Injected fault.')
      }
    } else if (fault?.drop) {
      return
    } else if (fault?.delayMs) {
      setTimeout(() => targets.forEach((client) => clients[stream].has(client) && client.send(text)), fault.delayMs)
    } else {
      for (const client of targets) client.send(text)
    }
  }

  return {
    connect(stream, client) {
      clients[stream].add(client)
      client.send(JSON.stringify(firstFrame(store, stream)))
      return () => clients[stream].delete(client)
    },
    clientCount: (stream) => clients[stream].size,
    close() {
      unsubscribe()
      for (const stream of streams) clients[stream].clear()
    },
  }
}
