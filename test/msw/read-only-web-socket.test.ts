import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { recordFrames } from '../../src/events/frame-recorder.js'
import { setupMockServer } from '../../src/node/setup-mock-server.js'
import { echoOf, startEchoServer, type EchoServer } from './start-echo-server.js'

// jsdom and happy-dom test environments (and MSW's own patch over them) leave
// `globalThis.WebSocket` configurable but not writable: `=` throws there.
const READ_ONLY: PropertyDescriptor = { value: NodeWebSocket, writable: false, enumerable: true, configurable: true }

describe('setupMockServer() where globalThis.WebSocket is read-only, as in jsdom and happy-dom', () => {
  const mock = setupMockServer({ baseUrl: 'http://localhost:39341' })
  const before = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket')
  let echo: EchoServer

  beforeAll(async () => {
    Object.defineProperty(globalThis, 'WebSocket', READ_ONLY)
    echo = await startEchoServer()
    await mock.listen()
  })
  afterAll(async () => {
    mock.close()
    await echo.close()
    if (before) Object.defineProperty(globalThis, 'WebSocket', before)
    else delete (globalThis as { WebSocket?: unknown }).WebSocket
  })

  it('serves the identifier stream: a create is heard as one frame naming the new conversation', async () => {
    const socket = new globalThis.WebSocket(mock.streamUrls.conversations)
    const frames = recordFrames(socket)
    await frames.next()
    const response = await fetch(`${mock.baseUrl}/conversations/create`, { method: 'POST', body: '{"type":"COPILOT"}' })
    const { id } = (await response.json()) as { id: string }
    const frame = await frames.next((next) => next.iterable.some((item) => item.conversation?.id === id))
    expect(frame.iterable.map((item) => item.conversation?.id)).toEqual([id])
    socket.close()
  })

  it('lets every other URL reach the WebSocket that was there', async () => {
    const socket = new globalThis.WebSocket(echo.url)
    expect(await echoOf(socket, 'hello')).toBe('echo: hello')
    socket.close()
  })

  it('puts the read-only global back exactly as it was when the mock closes', async () => {
    const other = setupMockServer({ baseUrl: 'http://localhost:39342' })
    await other.listen()
    other.close()
    mock.close()
    expect(Object.getOwnPropertyDescriptor(globalThis, 'WebSocket')).toEqual(READ_ONLY)
    await mock.listen()
  })
})
