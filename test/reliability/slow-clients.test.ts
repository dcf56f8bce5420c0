import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trackConnections } from '../../src/server/http/track-connections.js'
import { openRaw, refusedWrites } from './raw-connection.js'

const HEALTH = 'GET /.well-known/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'
const HEALTH_AND_CLOSE = 'GET /.well-known/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n'

describe('the standalone server and clients that send slowly', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, headersTimeoutMs: 200, requestTimeoutMs: 400 })
  })
  afterAll(() => server.close())

  it('answers headers that never finish, then destroys the connection rather than leave it half-closed', async () => {
    const slowloris = await openRaw(server.port, 'GET /conversations HTTP/1.1\r\nhost: 127.0.0.1\r\nx-a: ', true)
    await refusedWrites(slowloris)
    expect(slowloris.received()).toMatch(/^HTTP\/1\.1 (408|400) /)
  })

  it('destroys a connection that sent nothing once the headers timeout passes', async () => {
    const silent = await openRaw(server.port, '', true)
    await refusedWrites(silent)
    expect(silent.socket.destroyed).toBe(true)
  })

  it('destroys a connection whose body never ends once the request timeout passes, and changes nothing', async () => {
    const before = server.service.store.count('conversation')
    const endless = await openRaw(
      server.port,
      'POST /conversations/create HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"type":',
      true,
    )
    await refusedWrites(endless)
    expect(server.service.store.count('conversation')).toBe(before)
    const healthy = await openRaw(server.port, HEALTH_AND_CLOSE)
    await healthy.closed
    expect(healthy.received()).toMatch(/^HTTP\/1\.1 200 [\s\S]*ok$/)
  })
})

describe('the cap on open connections of the standalone server', () => {
  let server: StandaloneServer
  let held: WebSocket[]
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, maxConnections: 2 })
    // Two stream clients, each with its first frame: both connections are open on the server's side, with no timeout.
    held = [new WebSocket(server.streamUrls.conversations), new WebSocket(server.streamUrls.assets)]
    await Promise.all(held.map((client) => once(client, 'message')))
  })
  afterAll(() => server.close())

  it('answers a request on a connection past the cap with 503 and a message, then closes it', async () => {
    const refused = await openRaw(server.port, HEALTH)
    await refused.closed
    expect(refused.received()).toMatch(/^HTTP\/1\.1 503 /)
    expect(refused.received()).toMatch(/content-type: text\/plain/i)
    expect(refused.received()).toMatch(/\r\n\r\nThe mock has 2 connections open, its limit \(maxConnections\)\./)
  })

  it('refuses a stream client past the cap with 503', async () => {
    const client = new WebSocket(server.streamUrls.conversations)
    const [error] = (await once(client, 'error')) as [Error]
    expect(error.message).toBe('Unexpected server response: 503')
  })

  it('drops a connection past the cap that sends nothing', async () => {
    const silent = await openRaw(server.port, '', true)
    await refusedWrites(silent)
    expect(silent.received()).toBe('')
  })

  it('serves new connections again once one of the held ones closes', async () => {
    held[0]!.close()
    await once(held[0]!, 'close')
    // The server learns of the close on its own turn: ask until it has.
    for (let attempt = 0; ; attempt++) {
      const probe = await openRaw(server.port, HEALTH_AND_CLOSE)
      await probe.closed
      if (probe.received().startsWith('HTTP/1.1 200 ')) break
      expect(probe.received()).toMatch(/^HTTP\/1\.1 503 /)
      expect(attempt).toBeLessThan(100)
    }
    held[1]!.close()
  })
})

describe('clients that send whole requests promptly, while slow ones hold every connection', () => {
  const SLOW_HEAD = 'GET /conversations HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: '

  /** A bare server with the standalone server's cap and answers: 503 past it, else `ok`. */
  async function cappedServer(maxConnections: number) {
    const server = createServer((request, response) => {
      if (connections.refuses(request.socket)) {
        response.writeHead(503, { connection: 'close' }).end('full')
        return
      }
      connections.answering(request, response)
      response.end('ok')
    })
    const connections = trackConnections(server, maxConnections, { minIdleMs: 0 })
    let seen = 0
    const arrivals = new Set<() => void>()
    server.on('connection', () => {
      seen++
      for (const arrival of arrivals) arrival()
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const port = (server.address() as AddressInfo).port
    /** Resolves once the server has seen `count` connections in all. */
    const connected = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => seen >= count && (arrivals.delete(check), resolve())
        arrivals.add(check)
        check()
      })
    return { server, port, connections, connected }
  }

  it('closes the connection idle the longest to serve each one, so none is answered 503', async () => {
    const { server, port, connections, connected } = await cappedServer(8)
    const slow = await Promise.all(Array.from({ length: 8 }, () => openRaw(port, SLOW_HEAD)))
    await connected(8)
    expect(connections.size).toBe(8)
    const answers: string[] = []
    for (let client = 0; client < 20; client++) {
      const prompt = await openRaw(port, HEALTH_AND_CLOSE)
      await prompt.closed
      answers.push(prompt.received().split('\r\n')[0]!)
    }
    expect(answers).toEqual(Array.from({ length: 20 }, () => 'HTTP/1.1 200 OK'))
    // A slow client made room for the first; each later one found the room its predecessor left.
    await Promise.race(slow.map((connection) => connection.closed))
    expect(
      slow.filter((connection) => connection.socket.destroyed).map((connection) => connection.received()),
    ).toContain('')
    expect(connections.size).toBeLessThanOrEqual(8)
    for (const connection of slow) connection.socket.destroy()
    server.close()
  })

  it('serves a prompt client of the standalone server while slow clients hold all its connections', async () => {
    const server = await startStandaloneServer({ port: 0, maxConnections: 8 })
    const slow = await Promise.all(Array.from({ length: 8 }, () => openRaw(server.port, SLOW_HEAD)))
    // A client that just connected keeps its place for 100 ms: ask until the slow ones are that old
    // (each refusal takes about a millisecond, so it is the clock that bounds the asking, not a count).
    const started = performance.now()
    for (;;) {
      const probe = await openRaw(server.port, HEALTH_AND_CLOSE)
      await probe.closed
      if (probe.received().startsWith('HTTP/1.1 200 ')) break
      expect(probe.received()).toMatch(/^HTTP\/1\.1 503 /)
      expect(performance.now() - started).toBeLessThan(5_000)
    }
    await Promise.race(slow.map((connection) => connection.closed))
    for (const connection of slow) connection.socket.destroy()
    await server.close()
  })
})
