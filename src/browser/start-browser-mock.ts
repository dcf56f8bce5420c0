import { setupWorker } from 'msw/browser'
import { createMockService, type MockService, type MockServiceOptions } from '../core/create-mock-service.js'
import { createMswAdapter, type MswAdapter, type MswAdapterOptions } from '../msw/create-msw-adapter.js'
import { persistToLocalStorage } from './local-storage-persistence.js'

export interface BrowserMockOptions extends MockServiceOptions, MswAdapterOptions {
  /** Where the worker script is served (default `/mockServiceWorker.js`, from `npx msw init <public dir>`). */
  serviceWorkerUrl?: string
  /** What MSW does with requests no handler answers (default 'bypass': the rest of the app keeps working). */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
  /** Keep records across reloads in localStorage under this key (`true`: 'conversation-asset-mock'). */
  persist?: boolean | string
  /** Silence MSW's console messages. */
  quiet?: boolean
  /** Name of the `window` property that exposes the mock for the devtools console (default `conversationAssetMock`; false for none). */
  expose?: string | false
}

/** The mock running in the browser: the same control object as in Node, plus the worker. */
export interface BrowserMock extends MockService, Omit<MswAdapter, 'startStreams' | 'stopStreams'> {
  readonly worker: ReturnType<typeof setupWorker>
  /** Stops the streams and the worker. */
  stop(): void
}

/**
 * Starts MSW's service worker with the mock's handlers and the in-browser
 * identifier streams; resolves when requests are being answered.
 *
 * @example
 * const mock = await startBrowserMock({ persist: true })
 * mock.faults.add({ operation: 'conversationsSnapshot', status: 500, times: 1 })
 */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const service = createMockService(options)
  const msw = createMswAdapter(service, options)
  const worker = setupWorker(...msw.handlers)
  const onUnhandled = options.onUnhandledRequest ?? 'bypass'
  // msw 3 reads `onUnhandledFrame` (requests and WebSocket connections); msw 2 reads `onUnhandledRequest`.
  await worker.start({
    serviceWorker: { url: options.serviceWorkerUrl ?? '/mockServiceWorker.js' },
    onUnhandledRequest: onUnhandled,
    onUnhandledFrame: onUnhandled,
    quiet: options.quiet ?? false,
  } as Parameters<typeof worker.start>[0])
  msw.startStreams()
  const key = options.persist === true ? 'conversation-asset-mock' : options.persist || undefined
  const persistence = key ? await persistToLocalStorage(service, key) : undefined
  await service.ready

  const mock: BrowserMock = Object.assign(Object.create(service) as MockService, {
    baseUrl: msw.baseUrl,
    streamUrls: msw.streamUrls,
    handlers: msw.handlers,
    worker,
    async reset() {
      persistence?.clear()
      await service.reset()
    },
    stop() {
      persistence?.stop()
      msw.stopStreams()
      worker.stop()
    },
  })
  const exposeAs = options.expose ?? 'conversationAssetMock'
  if (exposeAs) (globalThis as Record<string, unknown>)[exposeAs] = mock
  return mock
}
