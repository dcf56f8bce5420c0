import { setupWorker } from 'msw/browser'
import { invariant } from 'outvariant'
import { createMockService, type MockService, type MockServiceOptions } from '../core/create-mock-service.js'
import { portOf } from '../core/service-port.js'
import { createMswAdapter, type MswAdapter, type MswAdapterOptions } from '../msw/create-msw-adapter.js'
import { scopedUnhandled } from '../msw/scoped-unhandled.js'
import { claimTabSlot, ID_SEED_STRIDE, type TabSlot } from './claim-tab-slot.js'
import { explainWorkerFailure } from './explain-worker-failure.js'
import { persistToIndexedDb } from '../persistence/browser/indexed-db-persistence.js'
import { mountInspectorLauncher, type InspectorCorner, type LoadPanel } from './inspector-launcher.js'
import type { InspectorPanel } from './inspector-panel.js'

export interface BrowserMockOptions extends MockServiceOptions, MswAdapterOptions {
  /** Where the worker script is served (default `/mockServiceWorker.js`, from `npx msw init <public dir>`). */
  serviceWorkerUrl?: string
  /** What MSW does with a request to the mock's base URL that no operation answers (default 'bypass'); other requests always pass. */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
  /**
   * Keep records across reloads in IndexedDB under this key (`true`:
   * 'conversation-asset-mock'), and keep the tabs persisting under it in step:
   * a record made in one shows in the others, and each tab makes new ids of its own.
   */
  persist?: boolean | string
  /** Silence MSW's console messages. */
  quiet?: boolean
  /** Name of the `window` property that exposes the mock for the devtools console (default `conversationAssetMock`; false for none). */
  expose?: string | false
  /**
   * Mount the inspector over the page: a small button (or Alt+Shift+M) that
   * opens a panel of records, journal, streams and steering (open or closed as
   * it was before the reload). Its code is fetched on the first open only,
   * never with the rest of the mock. `{ corner }` puts the button in another
   * corner than the bottom-left one.
   */
  inspector?: boolean | { corner?: InspectorCorner }
}

/** The mock running in the browser: the same control object as in Node, plus the worker. */
export interface BrowserMock extends MockService, Omit<MswAdapter, 'startStreams' | 'stopStreams'> {
  readonly worker: ReturnType<typeof setupWorker>
  /**
   * Opens the inspector panel over the page, loading it first if it is not
   * (from the devtools console: `conversationAssetMock.openInspector()`).
   */
  openInspector(): Promise<InspectorPanel>
  /** Stops the streams and the worker, and takes the inspector off the page. */
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
  const page = globalThis as { [RUNNING]?: boolean }
  invariant(
    !page[RUNNING],
    "Failed to start the browser mock: one is already running on this page, and MSW's service worker serves one setupWorker per page. Call stop() on the first, or serve several services from one worker: setupWorker(...createMswAdapter(createMockService(), { baseUrl }).handlers, ...) for each base URL.",
  )
  page[RUNNING] = true
  try {
    return await start(options)
  } catch (error) {
    page[RUNNING] = false
    throw error
  }
}

// Symbol.for: every copy of the package on the page sees the same flag.
const RUNNING = Symbol.for('conversation-asset-mock.browser-mock-running')

async function start(options: BrowserMockOptions): Promise<BrowserMock> {
  const key = options.persist === true ? 'conversation-asset-mock' : options.persist || undefined
  // Each open tab persisting under the key makes ids from a sequence of its own (the first tab: the seed's).
  const slot: TabSlot | undefined = key ? await claimTabSlot(key) : undefined
  const idSeed = slot && slot.index > 0 ? (options.seed ?? 1) + slot.index * ID_SEED_STRIDE : options.idSeed
  const service = createMockService({ ...options, ...(idSeed !== undefined && { idSeed }) })
  const msw = createMswAdapter(service, options)
  const worker = setupWorker(...msw.handlers)
  const onUnhandled = options.onUnhandledRequest ?? 'bypass'
  const scriptUrl = options.serviceWorkerUrl ?? '/mockServiceWorker.js'
  // msw 3 reads `onUnhandledFrame` (requests and WebSocket connections); msw 2 reads `onUnhandledRequest`.
  await worker
    .start({
      serviceWorker: { url: scriptUrl },
      ...scopedUnhandled(() => [{ baseUrl: msw.baseUrl, strategy: onUnhandled }]),
      quiet: options.quiet ?? false,
    } as Parameters<typeof worker.start>[0])
    .catch(async (error: unknown) => {
      throw await explainWorkerFailure(error, scriptUrl)
    })
  msw.startStreams()
  const persistence = key ? await persistToIndexedDb(service, key) : undefined
  await service.ready

  // Loaded on demand: the inspector is its own chunk in the app's bundle, fetched on the first open only.
  let launcher: ReturnType<typeof mountInspectorLauncher> | undefined
  const corner = typeof options.inspector === 'object' ? options.inspector.corner : undefined
  const launch = () => (launcher ??= mountInspectorLauncher(mock, loadInspectorChunk, corner))

  const mock: BrowserMock = Object.assign(Object.create(service) as MockService, {
    baseUrl: msw.baseUrl,
    streamUrls: msw.streamUrls,
    handlers: msw.handlers,
    worker,
    async reset() {
      persistence?.clear()
      await service.reset()
    },
    async openInspector() {
      const panel = launch()
      panel.open()
      await panel.opened()
      return panel
    },
    stop() {
      persistence?.stop()
      slot?.release()
      ;(globalThis as { [RUNNING]?: boolean })[RUNNING] = false
      msw.stopStreams()
      portOf(service).endLiveAnswers()
      worker.stop()
      launcher?.unmount()
    },
  })
  if (options.inspector) launch()
  const exposeAs = options.expose ?? 'conversationAssetMock'
  if (exposeAs) (globalThis as Record<string, unknown>)[exposeAs] = mock
  return mock
}

const loadInspectorChunk: LoadPanel = (mock, container, close) =>
  import('../inspector/inspector.js').then(({ mountInspectorPanel }) => mountInspectorPanel(mock, container, close))
