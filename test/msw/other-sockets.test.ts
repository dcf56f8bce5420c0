import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordFrames } from '../../src/events/frame-recorder.js'
import { setupMockServer } from '../../src/node/setup-mock-server.js'
import { echoOf, startEchoServer, type EchoServer } from './start-echo-server.js'

describe('WebSockets the mock does not serve, with setupMockServer() listening', () => {
  const mock = setupMockServer({ baseUrl: 'http://localhost:39321' })
  let echo: EchoServer

  beforeAll(async () => {
    echo = await startEchoServer()
    await mock.listen()
  })
  afterAll(async () => {
    mock.close()
    await echo.close()
  })

  it('reach the real server at their URL', async () => {
    const socket = new globalThis.WebSocket(echo.url)
    expect(await echoOf(socket, 'hello')).toBe('echo: hello')
    socket.close()
  })

  it('while the mock still serves its own stream URLs', async () => {
    const socket = new globalThis.WebSocket(mock.streamUrls.conversations)
    const first = await recordFrames(socket).next()
    expect(first.iterable.length).toBeGreaterThan(0)
    socket.close()
  })
})
