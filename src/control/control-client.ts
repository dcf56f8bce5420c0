import type { FaultSpec, StreamFaultSpec } from './faults.js'
import type { JournalEntry } from './journal.js'
import type { ScenarioName } from './scenarios.js'
import { verifyCalls, type CallExpectation } from './verify-calls.js'

/** The standalone server's control API, as a test in another process uses it. */
export interface ControlClient {
  reset(): Promise<void>
  /** Takes a snapshot on the server; resolves with its id. */
  snapshot(): Promise<string>
  restore(id: string): Promise<void>
  journal(operation?: string): Promise<JournalEntry[]>
  clearJournal(): Promise<void>
  /** Injects a fault; resolves with its id. */
  addFault(spec: FaultSpec | StreamFaultSpec): Promise<string>
  clearFaults(): Promise<void>
  useScenario(name: ScenarioName): Promise<void>
  /** Fetches the journal and checks it, failing with the same readable table as in-process. */
  verify(expectation: CallExpectation): Promise<JournalEntry[]>
}

/**
 * A client of the standalone server's `/__mock` control API.
 *
 * @example
 * const mock = controlClient('http://127.0.0.1:39300')
 * await mock.reset()
 * await mock.addFault({ operation: 'conversationsSnapshot', status: 500, times: 1 })
 * await mock.verify({ operation: 'conversationsSnapshot', times: 1 })
 */
export function controlClient(baseUrl: string): ControlClient {
  const base = baseUrl.replace(/\/+$/, '')
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${base}/__mock${path}`, {
      method,
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
    if (!response.ok) {
      throw new Error(`Failed to call the mock's control API (${method} /__mock${path}): ${response.status} ${await response.text()}`)
    }
    return response.status === 204 ? undefined : response.json()
  }
  return {
    reset: async () => void (await call('POST', '/reset')),
    snapshot: async () => ((await call('POST', '/snapshots')) as { id: string }).id,
    restore: async (id) => void (await call('POST', `/snapshots/${encodeURIComponent(id)}/restore`)),
    journal: async (operation) =>
      ((await call('GET', `/journal${operation ? `?operation=${encodeURIComponent(operation)}` : ''}`)) as { requests: JournalEntry[] })
        .requests,
    clearJournal: async () => void (await call('DELETE', '/journal')),
    addFault: async (spec) => ((await call('POST', '/faults', spec)) as { id: string }).id,
    clearFaults: async () => void (await call('DELETE', '/faults')),
    useScenario: async (name) => void (await call('POST', `/scenarios/${encodeURIComponent(name)}`)),
    async verify(expectation) {
      const { requests } = (await call('GET', '/journal')) as { requests: JournalEntry[] }
      return verifyCalls(requests, expectation)
    },
  }
}
