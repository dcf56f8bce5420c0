import type { InspectionEvent } from '../../control/inspection/inspection.js'
import type { StoreDiff } from '../../control/inspection/snapshot-diff.js'
import type { Connection, StubRow } from './connection.js'
import type { MachineState } from '../../control/api/machine/machine-views.js'

/**
 * The inspector's connection to a mock over its control API (`/__mock/…`)
 * and the live feed (`/__mock/events`, server-sent events): the standalone page.
 *
 * @example
 * const connection = createRemoteConnection('')
 */
export function createRemoteConnection(baseUrl: string): Connection {
  const base = `${baseUrl.replace(/\/+$/, '')}/__mock`
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    }).catch(() => {
      // The browser's own words ("Failed to fetch") say nothing of what to do.
      throw new Error(`The mock server did not answer ${method} /__mock${path}: is it still running?`)
    })
    if (response.status === 404 && method === 'GET') return undefined as T
    if (!response.ok)
      throw new Error((await response.text()) || `${method} /__mock${path} answered ${response.status}.`)
    return (response.status === 204 ? undefined : await response.json()) as T
  }
  const part = encodeURIComponent
  return {
    baseUrl: baseUrl.replace(/\/+$/, '') || location.origin,
    overview: () => call('GET', '/overview'),
    records: (kind, query) => call('GET', `/records/${kind}?q=${part(query)}`),
    record: (kind, id) => call('GET', `/records/${kind}/${part(id)}`),
    journalRows: (limit) => call('GET', `/journal/rows?limit=${limit}`),
    journalEntry: (id) => call('GET', `/journal/${id}`),
    async journalHar({ operation, status, text }) {
      const query = new URLSearchParams({ base: baseUrl.replace(/\/+$/, '') || location.origin })
      if (operation) query.set('operation', operation)
      if (status) query.set('status', status)
      if (text) query.set('q', text)
      return JSON.stringify(await call('GET', `/journal/har?${query}`))
    },
    journalSearch: async (text) => (await call<{ ids: number[] }>('GET', `/journal/search?q=${part(text)}`)).ids,
    verify: (expectation) => call('POST', '/verify', expectation),
    streams: () => call('GET', '/streams'),
    reset: () => call('POST', '/reset'),
    useScenario: (name) => call('POST', `/scenarios/${part(name)}`),
    takeSnapshot: (name) => call('POST', '/snapshots', name === undefined ? undefined : { name }),
    restoreSnapshot: (id) => call('POST', `/snapshots/${part(id)}/restore`),
    deleteSnapshot: (id) => call('DELETE', `/snapshots/${part(id)}`),
    async diffSnapshot(id, against) {
      const to = against === undefined ? '' : `?against=${part(against)}`
      const diff = await call<StoreDiff | undefined>('GET', `/snapshots/${part(id)}/diff${to}`)
      if (!diff) throw new Error(`No snapshot "${id}" is kept.`)
      return diff
    },
    exportState: async () => JSON.stringify(await call('GET', '/state')),
    async importState(text) {
      let state: unknown
      try {
        state = JSON.parse(text)
      } catch {
        throw new Error(
          'Failed to import the state: the file is not JSON. Pick a .zip or .json file that Export saved.',
        )
      }
      await call('POST', '/state', state)
    },
    addFault: (spec) => call('POST', '/faults', spec),
    removeFault: (id) => call('DELETE', `/faults/${part(id)}`),
    clearFaults: () => call('DELETE', '/faults'),
    clearJournal: () => call('DELETE', '/journal'),
    stubs: async () => (await call<{ stubs: StubRow[] }>('GET', '/stubs')).stubs,
    addStub: async (spec) => (await call<{ id: string }>('POST', '/stubs', spec)).id,
    removeStub: (id) => call('DELETE', `/stubs/${part(id)}`),
    latency: () => call('GET', '/latency'),
    setLatency: (settings) => call('POST', '/latency', settings),
    clearLatency: () => call('DELETE', '/latency'),
    async preserveJournal(preserve) {
      const answer =
        preserve === undefined ? call('GET', '/journal/preserve') : call('POST', '/journal/preserve', { preserve })
      return (await (answer as Promise<{ preserve: boolean }>)).preserve
    },
    removeAsset: (id) => call('DELETE', `/assets/${part(id)}`),
    clock: ({ action, ...body }) => call('POST', `/clock/${action}`, body),
    async machine() {
      const [os, accounts, installers, backups] = await Promise.all(
        (['os', 'accounts', 'installers', 'backups'] as const).map((part) => call<unknown>('GET', `/machine/${part}`)),
      )
      return { os, accounts, installers, backups } as MachineState
    },
    setMachine: async (setter, body) => void (await call('POST', `/machine/${setter}`, body)),
    subscribe(events, opened, lost) {
      const source = new EventSource(`${base}/events`)
      source.onopen = opened
      source.onerror = lost
      source.onmessage = (message: MessageEvent<string>) => events(JSON.parse(message.data) as InspectionEvent[])
      return () => source.close()
    },
  }
}
