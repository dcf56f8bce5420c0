import { read } from '../support/read.js'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'
import { openRaw } from './raw-connection.js'

type Frame = { status?: string; statusCode?: number; errorMessage?: string }

describe.each(streamRuntimes)('frames the copilot stream cannot read, $name', ({ start }) => {
  let runtime: StreamRuntime
  beforeAll(async () => {
    runtime = await start()
  })
  afterAll(() => runtime.close())

  it('answers a binary frame with FAILED 400 naming it, and keeps answering text frames', async () => {
    const { socket, frames, opened } = runtime.open<Frame>(runtime.streamUrls.qgpt)
    await opened
    ;(socket as unknown as { send(data: Uint8Array): void }).send(new TextEncoder().encode('{"reset":true}'))
    expect(await frames.next()).toEqual({
      conversation: '',
      status: 'FAILED',
      statusCode: 400,
      errorMessage:
        'Invalid QGPTStreamInput: the frame is binary (14 bytes). Send each QGPTStreamInput as JSON in a text frame.',
    })
    socket.send('not json')
    expect(await frames.next()).toMatchObject({
      status: 'FAILED',
      statusCode: 400,
      errorMessage: 'Invalid QGPTStreamInput: the frame is not JSON.',
    })
    socket.close()
  })
})

describe('HTTP edges of the standalone server', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, maxBodyBytes: 4096 })
  })
  afterAll(() => server.close())

  it('answers HEAD /__mock/events with the feed headers and no body', async () => {
    const response = await fetch(`${server.url}/__mock/events`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(await response.text()).toBe('')
    // The connection is free again: the next request on it is answered.
    expect((await fetch(`${server.url}/__mock/events`, { method: 'HEAD' }).then(read)).status).toBe(200)
  })

  it('answers an oversized Expect: 100-continue with 413 and no 100 Continue, and stores nothing', async () => {
    const before = server.service.store.count('conversation')
    const connection = await openRaw(
      server.port,
      'POST /conversations/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 5000\r\nExpect: 100-continue\r\n\r\n',
    )
    const received = await connection.until(/\r\n\r\n[^]*Request body is larger/)
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    expect(received).not.toContain('100 Continue')
    connection.socket.destroy()
    expect(server.service.store.count('conversation')).toBe(before)
  })

  it('tells a client with a body under the cap to continue, then answers it', async () => {
    const body = '{"type":"COPILOT","name":"continued"}'
    const connection = await openRaw(
      server.port,
      'POST /conversations/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    )
    expect(await connection.until(/\r\n\r\n/)).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/)
    connection.socket.write(body)
    expect(await connection.until(/"name":"continued"/)).toMatch(/HTTP\/1\.1 200 OK/)
    connection.socket.destroy()
  })

  it('sends no 100 Continue to a request refused before its body is wanted', async () => {
    const connection = await openRaw(
      server.port,
      'POST /no/such/route HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n',
    )
    const received = await connection.until(/No operation of the service answers/)
    expect(received).toMatch(/^HTTP\/1\.1 404 /)
    connection.socket.destroy()
  })
})
