import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRaw } from './raw-connection.js'
import { expectHealthy } from './support.js'

const KiB = 1024

/** The status, headers and body of the one answer a raw connection received. */
function parse(whole: string) {
  const received = whole.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')
  const split = received.indexOf('\r\n\r\n')
  const head = received.slice(0, split).split('\r\n')
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head[0]!)?.[1]),
    headers: Object.fromEntries(
      head
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    ),
    body: received.slice(split + 4),
  }
}

describe('requests that ask for an HTTP/2 upgrade (h2c)', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  const H2C = 'connection: Upgrade, HTTP2-Settings\r\nupgrade: h2c\r\nhttp2-settings: AAMAAABkAARAAAAAAAIAAAAA\r\n'

  it('serves a GET as HTTP/1.1, as curl --http2 expects', async () => {
    const connection = await openRaw(server.port, `GET /conversations HTTP/1.1\r\nhost: 127.0.0.1\r\n${H2C}\r\n`)
    const answer = parse(await connection.until(/\}$/))
    expect(answer.status).toBe(200)
    expect((JSON.parse(answer.body) as { iterable: unknown[] }).iterable).toHaveLength(8)
    connection.socket.destroy()
  })

  it('serves a POST with its body, then the next request on the same connection', async () => {
    const body = JSON.stringify({ type: 'COPILOT', name: 'Over h2c' })
    const connection = await openRaw(
      server.port,
      `POST /conversations/create HTTP/1.1\r\nhost: 127.0.0.1\r\n${H2C}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}` +
        'GET /.well-known/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n',
    )
    await connection.closed
    const [created, health] = connection.received().split(/(?=HTTP\/1\.1 )/)
    expect(parse(created!).status).toBe(200)
    expect(JSON.parse(parse(created!).body)).toMatchObject({ name: 'Over h2c' })
    expect(parse(health!)).toMatchObject({ status: 200, body: 'ok' })
  })
})

describe('requests the HTTP parser refuses', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, headersTimeoutMs: 200, requestTimeoutMs: 1000 })
  })
  afterAll(() => server.close())

  it.each([
    {
      name: 'headers over the size limit',
      bytes: `GET /conversations HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(40_000)}\r\n\r\n`,
      status: 431,
      message: /^The request line and headers are larger than \d+ bytes, the limit\.$/,
    },
    {
      name: 'a URL of 100,000 characters',
      bytes: `GET /conversation/${'x'.repeat(100_000)} HTTP/1.1\r\nhost: x\r\n\r\n`,
      status: 431,
      message: /larger than \d+ bytes/,
    },
    {
      name: 'headers that never finish',
      bytes: 'GET /conversations HTTP/1.1\r\nhost: x\r\nx-slow: ',
      status: 408,
      message:
        /^The request did not arrive in time: its headers must arrive within 200 ms and the whole request within 1000 ms\.$/,
    },
    {
      name: 'a request line of garbage',
      bytes: '\u0000\u0001GARBAGE / HTTP/9.9\r\n\r\n',
      status: 400,
      message: /^Malformed HTTP request \(HPE_[A-Z_]+\): .+\.$/,
    },
    {
      name: 'an invalid content-length',
      bytes: 'POST /conversations/create HTTP/1.1\r\nhost: x\r\ncontent-length: abc\r\n\r\n',
      status: 400,
      message: /^Malformed HTTP request \(HPE_[A-Z_]+\)/,
    },
  ])(
    'answers $name with $status and a plain-text message, then closes the connection',
    async ({ bytes, status, message }) => {
      const connection = await openRaw(server.port, bytes)
      await connection.closed
      const answer = parse(connection.received())
      expect(answer.status).toBe(status)
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)))
      expect(answer.body).toMatch(message)
      await expectHealthy(server.url)
    },
  )
})

describe('the bytes of request bodies read at once', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, maxBodyBytes: 64 * KiB, maxBodyBytesInFlight: 128 * KiB })
  })
  afterAll(() => server.close())

  /** Announces a create whose body of `length` bytes is not sent yet. */
  const announcedCreate = (length: number) =>
    openRaw(
      server.port,
      `POST /conversations/create HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nexpect: 100-continue\r\ncontent-length: ${length}\r\nconnection: close\r\n\r\n`,
    )

  /** Starts a create whose body of `length` bytes is announced but not sent; resolves once the server has taken it. */
  async function heldCreate(length: number) {
    const connection = await announcedCreate(length)
    await connection.until(/^HTTP\/1\.1 100 /)
    return connection
  }

  it('refuses a body with 503 while others hold the whole budget, and takes it again once one is done', async () => {
    const before = server.service.store.count('conversation')
    const first = await heldCreate(64 * KiB)
    const second = await heldCreate(64 * KiB)

    // It is answered at once, without its body being sent, and never told to continue.
    const refused = await announcedCreate(1 * KiB)
    await refused.closed
    expect(refused.received()).not.toMatch(/100 Continue/)
    const answer = parse(refused.received())
    expect(answer.status).toBe(503)
    expect(answer.headers['content-type']).toMatch(/^text\/plain/)
    expect(answer.body).toBe(
      `The server is already reading ${128 * KiB} bytes of request bodies, its limit (maxBodyBytesInFlight). Retry once the others are done.`,
    )

    // The first body arrives in full: it is answered, and its bytes go back to the budget.
    const name = 'n'.repeat(64 * KiB - JSON.stringify({ type: 'COPILOT', name: '' }).length)
    first.socket.write(JSON.stringify({ type: 'COPILOT', name }))
    await first.closed
    expect(parse(first.received()).status).toBe(200)

    const small = JSON.stringify({ type: 'COPILOT' })
    const again = await heldCreate(small.length)
    again.socket.write(small)
    await again.closed
    expect(again.received()).toMatch(/HTTP\/1\.1 200 /)

    second.socket.destroy()
    expect(server.service.store.count('conversation')).toBe(before + 2)
  })
})
