import { fixedClock, type Store } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { startStandaloneServer } from 'conversation-asset-mock/server'

/** One way of running the mock, as the contract tests drive it. */
export interface ContractRuntime {
  readonly baseUrl: string
  readonly store: Store
  reset(): Promise<void>
  removeAsset(id: string): Promise<void>
  close(): Promise<void>
}

const CONTRACT_CLOCK_START = '2024-07-01T09:00:00.000Z'
/** Downloads end at once here: the contract tests check what is answered, not the pace a person sees. */
const DOWNLOAD_PACE_MS = 0

/** The runtimes every contract test runs against: in-process MSW and the standalone server. */
export const runtimes: Array<{ name: string; start(): Promise<ContractRuntime> }> = [
  {
    name: 'in-process (msw/node setupServer)',
    async start() {
      const mock = setupMockServer({ clock: fixedClock(CONTRACT_CLOCK_START), downloadPaceMs: DOWNLOAD_PACE_MS })
      await mock.listen()
      return {
        baseUrl: mock.baseUrl,
        store: mock.store,
        reset: () => mock.reset(),
        removeAsset: (id) => mock.removeAsset(id),
        close: async () => mock.close(),
      }
    },
  },
  {
    name: 'standalone HTTP server',
    async start() {
      const server = await startStandaloneServer({
        port: 0,
        clock: fixedClock(CONTRACT_CLOCK_START),
        downloadPaceMs: DOWNLOAD_PACE_MS,
      })
      return {
        baseUrl: server.url,
        store: server.service.store,
        reset: () => server.service.reset(),
        removeAsset: (id) => server.service.removeAsset(id),
        close: () => server.close(),
      }
    },
  },
]
