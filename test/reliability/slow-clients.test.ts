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
  /** A request whose body never comes: its connection is answering it, with `100 Continue` once the server reads. */
  const ENDLESS =
    'POST /conversations/create HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
    'content-length: 100\r\nexpect: 100-continue\r\n\r\n'
  let server: StandaloneServer
  let held: Awaited<ReturnType<typeof openRaw>>[]
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, maxConnections: 2 })
    // Two requests in flight, each read by the server: both connections are busy answering them.
    held = await Promise.all([openRaw(server.port, ENDLESS), openRaw(server.port, ENDLESS)])
    await Promise.all(held.map((connection) => connection.until(/^HTTP\/1\.1 100 Continue\r\n/)))
  })
  afterAll(() => {
    for (const connection of held) connection.socket.destroy()
    return server.close()
  })

  it('answers a request on a connection past the cap with 503 and a message, then closes it', async () => {
    const refused = await openRaw(server.port, HEALTH)
    await refused.closed
    expect(refused.received()).toMatch(/^HTTP\/1\.1 503 /)
    expect(refused.received()).toMatch(/content-type: text\/plain/i)
    expect(refused.received()).toMatch(/\r\n\r\nThe mock has 2 connections open, its limit \(maxConnections\)\./)
  })

  it('takes a stream client past the cap: stream clients have a cap of their own', async () => {
    const client = new WebSocket(server.streamUrls.conversations)
    const [first] = (await once(client, 'message')) as [Buffer]
    expect(JSON.parse(String(first))).toHaveProperty('iterable')
    client.close()
    await once(client, 'close')
  })

  it('drops a connection past the cap that sends nothing', async () => {
    const silent = await openRaw(server.port, '', true)
    await refusedWrites(silent)
    expect(silent.received()).toBe('')
  })

  it('serves new connections again once one of the held ones closes', async () => {
    held[0]!.socket.destroy()
    await held[0]!.closed
    // The server learns of the close on its own turn: ask until it has.
    for (let attempt = 0; ; attempt++) {
      const probe = await openRaw(server.port, HEALTH_AND_CLOSE)
      await probe.closed
      if (probe.received().startsWith('HTTP/1.1 200 ')) break
      expect(probe.received()).toMatch(/^HTTP\/1\.1 503 /)
      expect(attempt).toBeLessThan(100)
    }
  })
})

describe('stream clients and HTTP connections, each under a cap of its own', () => {
  let server: StandaloneServer
  let streams: WebSocket[]
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, maxConnections: 16, maxStreamClients: 16 })
    // The stream cap's worth of idle clients that answer pings, each with its first frame.
    streams = Array.from({ length: 16 }, () => new WebSocket(server.streamUrls.conversations))
    await Promise.all(streams.map((client) => once(client, 'message')))
  })
  afterAll(() => {
    for (const client of streams) client.terminate()
    return server.close()
  })

  it('answers every HTTP request 200 while the stream cap’s worth of idle stream clients stay open', async () => {
    const statuses: string[] = []
    for (let probe = 0; probe < 20; probe++) {
      const connection = await openRaw(server.port, HEALTH_AND_CLOSE)
      await connection.closed
      statuses.push(connection.received().split('\r\n')[0]!)
    }
    // Sixteen at once too: as many as maxConnections, all open beside the streams.
    const together = await Promise.all(Array.from({ length: 16 }, () => openRaw(server.port, HEALTH_AND_CLOSE)))
    await Promise.all(together.map((connection) => connection.closed))
    statuses.push(...together.map((connection) => connection.received().split('\r\n')[0]!))
    expect(statuses).toEqual(Array.from({ length: 36 }, () => 'HTTP/1.1 200 OK'))
  })

  it('refuses an upgrade past the stream cap with 503 naming maxStreamClients, and HTTP keeps answering', async () => {
    const refused = await openRaw(
      server.port,
      'GET /conversations/stream/identifiers HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: Upgrade\r\nupgrade: websocket\r\n' +
        'sec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    )
    await refused.closed
    expect(refused.received()).toMatch(/^HTTP\/1\.1 503 /)
    expect(refused.received()).toMatch(
      /\r\n\r\nThe mock has 16 stream clients open, its limit \(maxStreamClients\)\. Close some, or start it with a higher maxStreamClients\.$/,
    )
    const health = await fetch(`${server.url}/.well-known/health`)
    expect(health.status).toBe(200)
    expect(await health.text()).toBe('ok')
    expect(streams.every((client) => client.readyState === WebSocket.OPEN)).toBe(true)
  })

  it('takes a stream client again once one of the held ones closes', async () => {
    streams[0]!.close()
    await once(streams[0]!, 'close')
    // The server learns of the close on its own turn: ask until it has.
    for (let attempt = 0; ; attempt++) {
      const client = new WebSocket(server.streamUrls.conversations)
      client.on('error', () => undefined)
      const [event] = await Promise.race([
        once(client, 'message').then(() => ['message'] as const),
        once(client, 'unexpected-response').then(() => ['refused'] as const),
      ])
      if (event === 'message') {
        streams[0] = client
        break
      }
      client.terminate()
      expect(attempt).toBeLessThan(100)
    }
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
