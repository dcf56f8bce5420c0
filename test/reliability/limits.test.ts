import { once } from 'node:events'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { connect, type Socket } from 'node:net'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectHealthy, fingerprint } from './support.js'

const MiB = 1024 * 1024

/** Reads a whole response of node:http. */
async function textOf(response: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of response) text += chunk
  return text
}

/**
 * Streams a chunked body (no content-length) of up to `maxBytes` in 1 KiB
 * chunks, stopping as soon as the server answers; resolves with that answer.
 */
async function postChunked(server: StandaloneServer, path: string, maxBytes: number) {
  const request = httpRequest(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })
  const answered = once(request, 'response') as Promise<[IncomingMessage]>
  let responded = false
  void answered.then(() => (responded = true))
  request.write('{"type":"COPILOT","name":"')
  let sent = 0
  while (!responded && sent < maxBytes) {
    // Waiting for each chunk to be flushed gives the server's answer a chance to arrive.
    await new Promise<void>((resolve, reject) =>
      request.write('x'.repeat(1024), (error) => (error ? reject(error) : resolve())),
    )
    sent += 1024
  }
  request.end('"}')
  const [response] = await answered
  expect(request.getHeader('content-length')).toBeUndefined()
  return { status: response.statusCode, headers: response.headers, text: await textOf(response) }
}

/** Writes raw bytes on a fresh connection and resolves with whatever came back when the server closed it (or after `until` matched). */
async function raw(server: StandaloneServer, bytes: string | Buffer, until?: RegExp): Promise<string> {
  const socket: Socket = connect(server.port, '127.0.0.1')
  await once(socket, 'connect')
  let received = ''
  const done = new Promise<void>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
      if (until?.test(received)) resolve()
    })
    socket.on('close', () => resolve())
    socket.on('error', () => resolve())
  })
  socket.write(bytes)
  await done
  socket.destroy()
  return received
}

describe('the request body cap of the standalone server', () => {
  it('answers a body one byte over the default 16 MiB with 413 and a message, and takes one of exactly 16 MiB', async () => {
    const server = await startStandaloneServer({ port: 0 })
    try {
      const before = fingerprint(server.service.store)
      const seed = '{"type":"COPILOT"}'
      const over = await fetch(`${server.url}/conversations/create`, {
        method: 'POST',
        body: seed + ' '.repeat(16 * MiB + 1 - seed.length),
        headers: { 'content-type': 'application/json' },
      })
      expect(over.status).toBe(413)
      expect(over.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await over.text()).toBe(`Request body is larger than the limit of ${16 * MiB} bytes.`)
      expect(fingerprint(server.service.store)).toBe(before)
      await expectHealthy(server.url)

      const exact = await fetch(`${server.url}/conversations/create`, {
        method: 'POST',
        body: seed + ' '.repeat(16 * MiB - seed.length),
        headers: { 'content-type': 'application/json' },
      })
      expect(exact.status).toBe(200)
      await exact.arrayBuffer()
    } finally {
      await server.close()
    }
  })

  describe('configured with startStandaloneServer({ maxBodyBytes })', () => {
    let server: StandaloneServer
    beforeAll(async () => {
      server = await startStandaloneServer({ port: 0, maxBodyBytes: 4096 })
    })
    afterAll(() => server.close())

    it('answers a declared content-length over the cap with 413 and a message naming the limit', async () => {
      const before = fingerprint(server.service.store)
      const response = await fetch(`${server.url}/conversations/create`, {
        method: 'POST',
        body: JSON.stringify({ type: 'COPILOT', name: 'x'.repeat(4096) }),
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(413)
      expect(await response.text()).toBe('Request body is larger than the limit of 4096 bytes.')
      expect(fingerprint(server.service.store)).toBe(before)
      await expectHealthy(server.url)
    })

    it('answers a chunked body with no content-length with 413 as soon as it passes the cap', async () => {
      const before = fingerprint(server.service.store)
      const answer = await postChunked(server, '/conversations/create', 256 * 1024)
      expect(answer.status).toBe(413)
      expect(answer.headers['content-type']).toMatch(/^text\/plain/)
      expect(answer.text).toBe('Request body is larger than the limit of 4096 bytes.')
      expect(fingerprint(server.service.store)).toBe(before)
      await expectHealthy(server.url)
    })

    it('takes a chunked body under the cap', async () => {
      const answer = await postChunked(server, '/conversations/create', 2048)
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.text)).toMatchObject({ name: 'x'.repeat(2048) })
    })

    it('caps the control API too', async () => {
      const response = await fetch(`${server.url}/__mock/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: ' '.repeat(5000),
      })
      expect(response.status).toBe(413)
      expect(await response.text()).toContain('4096 bytes')
      await expectHealthy(server.url)
    })
  })
})

describe('the standalone server stays up after any single abusive request', () => {
  let server: StandaloneServer
  let onLine: ((line: string) => void) | undefined

  beforeAll(async () => {
    server = await startStandaloneServer({
      port: 0,
      maxBodyBytes: 64 * 1024,
      log: (line) => onLine?.(line),
    })
  })
  afterAll(() => server.close())

  /** Resolves with the next log line (one per answered request) that matches. */
  const nextLogLine = (match: RegExp) =>
    new Promise<string>((resolve) => {
      onLine = (line) => {
        if (match.test(line)) resolve(line)
      }
    })

  const abuses: Array<[string, () => Promise<void>]> = [
    [
      'a request line of garbage',
      async () => {
        expect(await raw(server, '\u0000\u0001GARBAGE / HTTP/9.9\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/)
      },
    ],
    [
      'an invalid content-length',
      async () => {
        expect(
          await raw(server, 'POST /conversations/create HTTP/1.1\r\nhost: x\r\ncontent-length: abc\r\n\r\n'),
        ).toMatch(/^HTTP\/1\.1 400/)
      },
    ],
    [
      'headers larger than Node accepts',
      async () => {
        expect(
          await raw(server, `GET /conversations HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(40_000)}\r\n\r\n`),
        ).toMatch(/^HTTP\/1\.1 (431|400)/)
      },
    ],
    [
      'a URL of 100,000 characters',
      async () => {
        expect(await raw(server, `GET /conversation/${'x'.repeat(100_000)} HTTP/1.1\r\nhost: x\r\n\r\n`)).toMatch(
          /^HTTP\/1\.1 (431|400|414)/,
        )
      },
    ],
    [
      'a body cut off half-way by the client',
      async () => {
        const logged = nextLogLine(/^POST \/conversations\/create /)
        const socket = connect(server.port, '127.0.0.1')
        await once(socket, 'connect')
        const before = fingerprint(server.service.store)
        socket.write(
          'POST /conversations/create HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"type":"COP',
        )
        socket.destroy()
        // The server finishes with the request (and logs it) rather than waiting forever for the rest.
        await logged
        expect(fingerprint(server.service.store)).toBe(before)
      },
    ],
    [
      'fifty pipelined requests on one connection',
      async () => {
        const request = 'GET /.well-known/health HTTP/1.1\r\nhost: x\r\n\r\n'
        const received = await raw(
          server,
          request.repeat(49) + 'GET /.well-known/health HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
        )
        expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(50)
      },
    ],
    [
      'two hundred connections opened and dropped without a request',
      async () => {
        const sockets = Array.from({ length: 200 }, () => connect(server.port, '127.0.0.1'))
        await Promise.all(sockets.map((socket) => once(socket, 'connect')))
        for (const socket of sockets) socket.destroy()
      },
    ],
    [
      'a method the service does not have',
      async () => {
        const response = await fetch(`${server.url}/conversations`, { method: 'DELETE' })
        expect(response.status).toBe(404)
        expect(await response.text()).toContain('No operation of the service answers DELETE /conversations')
      },
    ],
    [
      'a WebSocket upgrade on a path that is no stream',
      async () => {
        const socket = new WebSocket(`ws://127.0.0.1:${server.port}/conversations/stream/nope`)
        const [error] = (await once(socket, 'error')) as [Error]
        expect(error.message).toBe('Unexpected server response: 404')
      },
    ],
    [
      'a WebSocket upgrade with no key',
      async () => {
        const received = await raw(
          server,
          'GET /conversations/stream/identifiers HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-version: 13\r\n\r\n',
        )
        expect(received).toMatch(/^HTTP\/1\.1 400/)
      },
    ],
    [
      'a stream client that drops its socket at once, then one that stays',
      async () => {
        const dropped = new WebSocket(server.streamUrls.conversations)
        await once(dropped, 'open')
        dropped.terminate()
        const stays = new WebSocket(server.streamUrls.conversations)
        const [frame] = (await once(stays, 'message')) as [Buffer]
        expect(JSON.parse(frame.toString()).iterable.length).toBeGreaterThan(0)
        stays.close()
        await once(stays, 'close')
      },
    ],
    [
      'a control request that is not JSON',
      async () => {
        const response = await fetch(`${server.url}/__mock/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{nope',
        })
        expect(response.status).toBe(400)
        expect(await response.text()).toMatch(/^Malformed JSON body: .*JSON.*\.$/)
      },
    ],
    [
      'a chunked body far over the cap',
      async () => {
        const answer = await postChunked(server, '/asset/update', 1024 * 1024)
        expect(answer.status).toBe(413)
      },
    ],
  ]

  it.each(abuses)('answers %s and then its health check', async (_name, abuse) => {
    await abuse()
    await expectHealthy(server.url)
  })
})
