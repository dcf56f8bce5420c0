import type { HubClients } from './hub-clients.js'
import type { StreamClient } from './stream-client.js'
import type { StreamName } from './stream-paths.js'

/** What a stream fault does to the frame it matched: close the clients, drop the frame or delay it. */
export interface StreamFaultEffect {
  readonly close?: { readonly code: number; readonly reason?: string }
  readonly drop?: boolean
  readonly delayMs?: number
}

/**
 * Sends a frame to some clients of a stream, through the fault that applies
 * to it if any: closing those clients, dropping the frame or delaying it
 * (then only to those still connected).
 *
 * @example
 * deliverFrame(clients, stream, [...clients.of(stream)], frame, faults.takeStream(stream))
 */
export function deliverFrame(
  clients: HubClients,
  stream: StreamName,
  targets: StreamClient[],
  frame: string,
  fault: StreamFaultEffect | undefined,
): void {
  if (fault?.close) {
    for (const client of targets) {
      clients.left(stream, client)
      // One client that cannot be closed keeps no other open, nor fails the write that sent the frame.
      closeClient(stream, client, fault.close.code, fault.close.reason ?? 'Injected fault.', 'by an injected fault')
    }
  } else if (fault?.drop) {
    return
  } else if (fault?.delayMs) {
    setTimeout(() => {
      const set = clients.of(stream)
      clients.sent(
        stream,
        frame,
        sendEach(
          targets.filter((client) => set.has(client)),
          frame,
        ),
      )
    }, fault.delayMs)
  } else {
    clients.sent(stream, frame, sendEach(targets, frame))
  }
}

/**
 * Sends a frame to each client, and counts those it reached: a transport
 * that fails to send to one client must not keep the frame from the others.
 *
 * @example
 * const reached = sendEach([client], 'ok')
 */
export function sendEach(targets: Iterable<StreamClient>, frame: string): number {
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

/**
 * Closes one client, logging (not throwing) when its transport fails to: `why` ends the message, e.g. "for a restart".
 *
 * @example
 * closeClient('health', client, 1012, 'Service restart.', 'for a restart')
 */
export function closeClient(stream: StreamName, client: StreamClient, code: number, reason: string, why: string): void {
  try {
    client.close(code, reason)
  } catch (error) {
    console.error(`A client of the ${stream} stream could not be closed ${why}.`, error)
  }
}
