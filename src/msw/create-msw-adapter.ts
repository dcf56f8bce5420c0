import type { RequestHandler } from 'msw'
import type { MockService } from '../core/create-mock-service.js'
import { portOf } from '../core/service-port.js'
import { STREAM_PATHS, streamUrlsOf, type StreamName } from '../events/stream-paths.js'
import { createAppletHandler } from './create-applet-handler.js'
import { createMswHandlers } from './create-msw-handlers.js'
import { createStreamPassthrough } from './create-stream-passthrough.js'
import { installWebSocket, type InstallWebSocketOptions } from './install-web-socket.js'
import { startModelDownloadSockets } from './model-download-sockets.js'
import { startMockSocketStreams } from './mock-socket-streams.js'

/**
 * The real service's address, where the official clients look first.
 *
 * @example
 * createMswAdapter(service, { baseUrl: DEFAULT_BASE_URL })
 */
export const DEFAULT_BASE_URL = 'http://localhost:39300'

export interface MswAdapterOptions {
  /** Where the handlers answer and the streams listen (default http://localhost:39300). */
  baseUrl?: string
  /**
   * Strict mode (default true): a request under the base URL that no
   * operation answers gets 404 naming it and the nearest operations, and is
   * journaled under the operation name `unknown`, instead of going on to the
   * next handler or MSW's unhandled-request strategy. Your own handlers for
   * the base URL go before `handlers` (or through `server.use()`); with
   * `strict: false` they may go after.
   */
  strict?: boolean
}

/** A service served through MSW: request handlers, and identifier streams in process. */
export interface MswAdapter {
  /** Where the handlers answer. */
  readonly baseUrl: string
  /** The `ws://` URL of every stream: identifier streams, status streams and the copilot's `qgpt`. */
  readonly streamUrls: Readonly<Record<StreamName, string>>
  /**
   * MSW request handlers for every operation and the control API, for
   * `setupServer` or `setupWorker`, plus pass-through handlers for the
   * identifier streams and the pages of the launched applets
   * (`http://localhost:<applet port>/`).
   */
  readonly handlers: RequestHandler[]
  /**
   * Serves the identifier streams in-process (mock-socket) and makes
   * `globalThis.WebSocket` reach them until `stopStreams()`; every other URL
   * still reaches the WebSocket that was there before (or `fallback` where
   * there was none, as on Node 20). Call it after MSW's `listen()`; before it
   * works too, since `handlers` let the streams through.
   */
  startStreams(options?: InstallWebSocketOptions): void
  /** Closes the in-process streams and takes their routes off `globalThis.WebSocket`. */
  stopStreams(): void
}

/**
 * Serves a service through MSW: what `setupMockServer()` and
 * `startBrowserMock()` do for you, for your own `setupServer`, `setupWorker`
 * or Storybook setup.
 *
 * @example
 * const service = createMockService({ seed: 42 })
 * const msw = createMswAdapter(service, { baseUrl: 'http://localhost:1000' })
 * const server = setupServer(...yourOwnHandlers, ...msw.handlers)
 * server.listen()
 * msw.startStreams()
 */
export function createMswAdapter(service: MockService, options: MswAdapterOptions = {}): MswAdapter {
  const port = portOf(service)
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL
  const streamUrls = streamUrlsOf(baseUrl)
  const wsBase = baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')
  let stop: (() => void) | undefined
  return {
    baseUrl,
    streamUrls,
    handlers: [
      ...createMswHandlers(port, baseUrl, options.strict ?? true),
      createAppletHandler({ store: service.store, os: service.machine.os, version: service.info.version }),
      // Last: one handler shared by every mock in the process.
      createStreamPassthrough(Object.values(STREAM_PATHS)),
    ],
    startStreams(startOptions) {
      if (stop) return
      const streams = startMockSocketStreams(port.streams, wsBase)
      const uninstall = installWebSocket(Object.values(streamUrls), streams.WebSocket, startOptions)
      const stopDownloads = startModelDownloadSockets(port, wsBase, startOptions)
      stop = () => {
        stopDownloads()
        uninstall()
        streams.close()
      }
    },
    stopStreams() {
      stop?.()
      stop = undefined
    },
  }
}
