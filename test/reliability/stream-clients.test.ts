import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import WebSocket from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import { attachStreamServer, type StreamDropReason } from '../../src/server/streams/attach-stream-server.js'

const KiB = 1024

/** A stand-in for the service's streams: one stream that sends the frames a test hands it to every client. */
function broadcaster() {
  const clients = new Set<{ send(frame: string): void }>()
  const endpoint = {
    name: 'conversations',
    path: '/conversations/stream/identifiers',
    open(client: { send(frame: string): void }) {
      clients.add(client)
      client.send('{"iterable":[]}')
      return { receive() {}, leave: () => clients.delete(client) }
    },
  }
  return {
    clients,
    streamAt: (path: string) => (path === endpoint.path ? (endpoint as never) : undefined),
    refuseUpgrade: (_path: string, refusal?: { status: number; text: string }) =>
      refusal ?? { status: 404, text: 'No stream here.' },
    broadcast(frame: string) {
      for (const client of [...clients]) client.send(frame)
    },
  }
}

let cleanup: Array<() => unknown> = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

/** A node:http server on a free loopback port with the stream server attached. */
async function streamServer(options: Parameters<typeof attachStreamServer>[2]) {
  const hub = broadcaster()
  const server: Server = createServer()
  const close = attachStreamServer(server, hub, options)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  cleanup.push(() => new Promise((resolve) => server.close(resolve)), close)
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/conversations/stream/identifiers`
  return { hub, url }
}

/** Opens a stream client and resolves once its first frame has come. */
async function connectClient(url: string, options: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  const client = new WebSocket(url, options)
  cleanup.push(() => client.terminate())
  await once(client, 'message')
  return client
}

describe('stream clients that stop reading', () => {
  it('are closed with 1013 once more than the buffer limit waits for them, while clients that read get every frame', async () => {
    const drops: StreamDropReason[] = []
    const { hub, url } = await streamServer({ bufferLimitBytes: 256 * KiB, onDrop: (reason) => drops.push(reason) })
    const reader = await connectClient(url)
    const stalled = await connectClient(url)
    stalled.pause()

    const frame = JSON.stringify({ iterable: [{ conversation: { id: 'x'.repeat(128 * KiB) } }] })
    let frames = 0
    // The kernel takes a few MiB for the stalled client before anything waits in the server: at most 40 MiB are sent.
    while (drops.length === 0) {
      expect(frames).toBeLessThan(320)
      const read = once(reader, 'message')
      hub.broadcast(frame)
      frames++
      await read
    }
    expect(drops).toEqual(['slow'])
    expect(hub.clients.size).toBe(1)

    // Past the drop, frames go to the reader only.
    const read = once(reader, 'message')
    hub.broadcast(frame)
    await read

    stalled.resume()
    const [code, reason] = (await once(stalled, 'close')) as [number, Buffer]
    expect(code).toBe(1013)
    expect(reason.toString()).toBe('Stream client too slow: reconnect and read the frames as they come.')
  })
})

describe('stream clients that stop answering pings', () => {
  it('are dropped after a missed pong, while clients that answer stay connected', async () => {
    const server = await startStandaloneServer({ port: 0, streamPingIntervalMs: 250 })
    cleanup.push(() => server.close())
    const answering = await connectClient(server.streamUrls.conversations)
    const silent = await connectClient(server.streamUrls.conversations, { autoPong: false })

    const [code] = (await once(silent, 'close')) as [number]
    // Cut off, not closed with a handshake: its peer is presumed gone.
    expect(code).toBe(1006)
    expect(server.streamClientsDropped).toEqual({ slow: 0, unresponsive: 1 })

    // The answering client sees pings go by and stays open.
    for (let pings = 0; pings < 3; pings++) await once(answering, 'ping')
    expect(answering.readyState).toBe(WebSocket.OPEN)
    expect(server.service.hub.clientCount('conversations')).toBe(1)
  })
})
