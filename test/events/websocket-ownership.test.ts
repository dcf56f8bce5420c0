import { createMockService, recordFrames } from 'conversation-asset-mock'
import { createMswAdapter } from 'conversation-asset-mock/msw'
import { setupServer } from 'msw/node'
import { describe, expect, it } from 'vitest'

// MSW's setupServer patches globalThis.WebSocket where one exists; the mock
// installs mock-socket's class. Whichever goes first, the streams answer and
// teardown gives back the global that was there before.
describe('who owns globalThis.WebSocket', () => {
  it('works when MSW listens first and the streams start after it', async () => {
    const before = globalThis.WebSocket
    const msw = createMswAdapter(createMockService())
    const server = setupServer(...msw.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    msw.startStreams()
    const first = await recordFrames(new globalThis.WebSocket(msw.streamUrls.conversations)).next()
    expect(first.iterable.length).toBeGreaterThan(0)
    msw.stopStreams()
    server.close()
    expect(globalThis.WebSocket).toBe(before)
  })

  it('works when the streams start first and MSW listens after them', async () => {
    const before = globalThis.WebSocket
    const msw = createMswAdapter(createMockService())
    msw.startStreams()
    const server = setupServer(...msw.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    const first = await recordFrames(new globalThis.WebSocket(msw.streamUrls.assets)).next()
    expect(first.iterable.length).toBeGreaterThan(0)
    server.close()
    msw.stopStreams()
    expect(globalThis.WebSocket).toBe(before)
  })
})
