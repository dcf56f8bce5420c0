import { Server } from 'mock-socket'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { recordFrames, type MessageSource } from '../../src/events/frame-recorder.js'
import { startMockSocketStreams, type MockSocketStreams } from '../../src/msw/mock-socket-streams.js'

const WS_BASE = 'ws://localhost:39331'
const CONVERSATIONS = `${WS_BASE}/conversations/stream/identifiers`
const ASSETS = `${WS_BASE}/assets/stream/identifiers`

/** Whether mock-socket has a server at `url`: a second server there throws, so one is tried and stopped at once. */
function hasServerAt(url: string): boolean {
  try {
    new Server(url, { mock: false }).stop()
    return false
  } catch {
    return true
  }
}

describe('the in-process streams of mock-socket', () => {
  let streams: MockSocketStreams | undefined
  afterEach(() => streams?.close())

  it('make no server until a socket to a stream is opened', async () => {
    const service = createMockService({ seed: 7 })
    await service.ready
    streams = startMockSocketStreams(service.streams, WS_BASE)
    expect(hasServerAt(CONVERSATIONS)).toBe(false)
    expect(hasServerAt(ASSETS)).toBe(false)
  })

  it('make the server of a stream when its first socket is opened, and answer that socket', async () => {
    const service = createMockService({ seed: 7 })
    await service.ready
    streams = startMockSocketStreams(service.streams, WS_BASE)
    const socket = new streams.WebSocket(CONVERSATIONS)
    expect(hasServerAt(CONVERSATIONS)).toBe(true)
    expect(hasServerAt(ASSETS)).toBe(false)
    // mock-socket's types give addEventListener the DOM's Event; its message events carry `data` as the DOM's do.
    const first = await recordFrames(socket as unknown as MessageSource).next()
    expect(first.iterable.length).toBeGreaterThan(0)
    socket.close()
  })

  it('make no server once closed, so a socket opened after close() finds none', async () => {
    const service = createMockService({ seed: 7 })
    await service.ready
    streams = startMockSocketStreams(service.streams, WS_BASE)
    new streams.WebSocket(ASSETS).close()
    streams.close()
    expect(hasServerAt(ASSETS)).toBe(false)
    new streams.WebSocket(CONVERSATIONS).close()
    expect(hasServerAt(CONVERSATIONS)).toBe(false)
  })
})
