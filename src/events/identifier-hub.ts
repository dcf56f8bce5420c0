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

/** What hub listeners hear: a client connected or left, or a frame went out to the clients of a stream. */
export type HubEvent =
  | { readonly type: 'connect' | 'disconnect'; readonly stream: IdentifierStream; readonly clients: number }
  | { readonly type: 'frame'; readonly stream: IdentifierStream; readonly frame: string; readonly clients: number }

/** Fans store changes out to the clients of the identifier streams, whatever transport they use. */
export interface IdentifierHub {
  /** Registers a client: it gets its first frame at once; returns the function that disconnects it. */
  connect(stream: IdentifierStream, client: StreamClient): () => void
  /** How many clients are connected to a stream. */
  clientCount(stream: IdentifierStream): number
  /** Disconnects every client and stops listening to the store. */
  close(): void
  /** Hears of connects, disconnects and frames sent; returns the function that stops listening. */
  subscribe(listener: (event: HubEvent) => void): () => void
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
  const listeners = new Set<(event: HubEvent) => void>()
  // A listener's failure never keeps a frame from the clients or a write from committing.
  function tell(event: HubEvent): void {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        console.error(error)
      }
    }
  }
  function sent(stream: IdentifierStream, frame: string, count: number): void {
    if (listeners.size > 0) tell({ type: 'frame', stream, frame, clients: count })
  }
  function left(stream: IdentifierStream, client: StreamClient): void {
    if (clients[stream].delete(client) && listeners.size > 0) {
      tell({ type: 'disconnect', stream, clients: clients[stream].size })
    }
  }

  const unsubscribe = store.subscribe((event) => {
    for (const stream of streams) {
      if (clients[stream].size === 0) continue
      const frames = event.type === 'replace' ? [firstFrame(store, stream)] : changeFrames(event.changes, stream)
      for (const frame of frames) deliver(stream, JSON.stringify(frame))
    }
  })

  /** Sends a frame to one client; a client that cannot take it is reported, let go and keeps no other from it. */
  function sendTo(stream: IdentifierStream, client: StreamClient, text: string): void {
    try {
      client.send(text)
    } catch (error) {
      console.error(`A client of the ${stream} stream could not take a frame and was let go.`, error)
      left(stream, client)
    }
  }

  function deliver(stream: IdentifierStream, text: string): void {
    const fault = hooks.takeFault?.(stream)
    const targets = [...clients[stream]]
    if (fault?.close) {
      for (const client of targets) {
        left(stream, client)
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
        const still = targets.filter((client) => clients[stream].has(client))
        still.forEach((client) => sendTo(stream, client, text))
        sent(stream, text, still.length)
      }, fault.delayMs)
    } else {
      for (const client of targets) sendTo(stream, client, text)
      sent(stream, text, targets.length)
    }
  }

  return {
    connect(stream, client) {
      clients[stream].add(client)
      if (listeners.size > 0) tell({ type: 'connect', stream, clients: clients[stream].size })
      const first = JSON.stringify(firstFrame(store, stream))
      client.send(first)
      sent(stream, first, 1)
      return () => left(stream, client)
    },
    clientCount: (stream) => clients[stream].size,
    close() {
      unsubscribe()
      for (const stream of streams) clients[stream].clear()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
