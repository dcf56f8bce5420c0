import { recordFrames, type FrameRecorder, type MockService, type StreamName } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { WebSocket as NodeWebSocket } from 'ws'

/** A socket the tests send on and close. */
export interface TestSocket {
  send(text: string): void
  close(code?: number, reason?: string): void
  addEventListener(type: 'message', listener: () => void, options?: { once?: boolean }): void
}

/** One way of running the mock's streams, as the stream tests drive it. */
export interface StreamRuntime {
  readonly baseUrl: string
  readonly streamUrls: Readonly<Record<StreamName, string>>
  readonly service: Pick<MockService, 'hub' | 'copilot' | 'faults' | 'store' | 'journal' | 'verify' | 'useScenario'>
  open<F = never>(url: string): { socket: TestSocket; frames: FrameRecorder<F>; opened: Promise<void> }
  clientCount(): number
  reset(): Promise<void>
  removeAsset(id: string): Promise<void>
  close(): Promise<void>
}

function opened(socket: { addEventListener(type: 'open', listener: () => void): void }): Promise<void> {
  return new Promise((resolve) => socket.addEventListener('open', () => resolve()))
}

/** The runtimes every stream test runs against: mock-socket behind msw/node, and the standalone server's `ws`. */
export const streamRuntimes: Array<{
  name: string
  start(options?: {
    copilotPaceMs?: number
    journalLimit?: number
    downloadPaceMs?: number
    omitInitializedFrame?: boolean
  }): Promise<StreamRuntime>
}> = [
  {
    name: 'in-process (mock-socket behind msw/node)',
    async start(options = {}) {
      const mock = setupMockServer(options)
      await mock.listen()
      return {
        baseUrl: mock.baseUrl,
        streamUrls: mock.streamUrls,
        service: mock,
        open(url) {
          const socket = new globalThis.WebSocket(url)
          return { socket, frames: recordFrames(socket), opened: opened(socket) }
        },
        clientCount: () => mock.hub.clientCount('conversations') + mock.hub.clientCount('assets'),
        reset: () => mock.reset(),
        removeAsset: (id) => mock.removeAsset(id),
        close: async () => mock.close(),
      }
    },
  },
  {
    name: 'standalone server (ws)',
    async start(options = {}) {
      const server = await startStandaloneServer({ port: 0, ...options })
      return {
        baseUrl: server.url,
        streamUrls: server.streamUrls,
        service: server.service,
        open(url) {
          const socket = new NodeWebSocket(url)
          return { socket, frames: recordFrames(socket), opened: opened(socket) }
        },
        clientCount: () => server.service.hub.clientCount('conversations') + server.service.hub.clientCount('assets'),
        reset: () => server.service.reset(),
        removeAsset: (id) => server.service.removeAsset(id),
        close: () => server.close(),
      }
    },
  },
]
