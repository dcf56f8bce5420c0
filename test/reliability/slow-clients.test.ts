import { once } from 'node:events'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
