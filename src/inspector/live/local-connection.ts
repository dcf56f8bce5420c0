import type { MockService } from '../../core/create-mock-service.js'
import type { Connection } from './connection.js'
import { controlCaller } from './local-control.js'
import type { MachineState } from '../../control/api/machine/machine-views.js'

/**
 * The inspector's connection to a mock in the same page (the panel): the
 * service's own calls and its inspection, with no request sent. Steering goes
 * through the mock object it was given, so the browser mock's `reset()` also
 * forgets a persisted state.
 *
 * @example
 * const connection = createLocalConnection(window.conversationAssetMock)
 */
export function createLocalConnection(mock: MockService): Connection {
  const { inspection } = mock
  // Calls answer asynchronously, as over HTTP, and a refusal is a rejection.
  const later = async <T>(run: () => T | Promise<T>): Promise<T> => run()
  const control = controlCaller(mock)
  return {
    // The browser mock's own base URL; a service without one answers on the page's origin.
    baseUrl: (mock as { baseUrl?: string }).baseUrl ?? location.origin,
    overview: () => later(() => inspection.overview()),
    records: (kind, query) => later(() => inspection.records(kind, { query })),
    record: (kind, id) => later(() => inspection.record(kind, id)),
    journalRows: (limit) => later(() => inspection.journalRows(limit)),
    journalEntry: (id) => later(() => inspection.journalEntry(id)),
    journalSearch: (text) => later(() => inspection.journalSearch(text)),
    journalHar: (filter) =>
      later(() =>
        JSON.stringify(inspection.journalHar(filter, (mock as { baseUrl?: string }).baseUrl ?? location.origin)),
      ),
    verify: (expectation) => later(() => inspection.verify(expectation)),
    streams: () => later(() => inspection.streams()),
    reset: () => later(() => mock.reset()),
    useScenario: (name) => later(() => mock.useScenario(name)),
    takeSnapshot: (name) => later(() => void inspection.snapshots.take(name)),
    async restoreSnapshot(id) {
      if (!(await inspection.snapshots.restore(id))) throw new Error(`No snapshot "${id}" is kept.`)
    },
    async deleteSnapshot(id) {
      if (!inspection.snapshots.delete(id)) throw new Error(`No snapshot "${id}" is kept.`)
    },
    async diffSnapshot(id, against) {
      const diff = inspection.diff(id, against)
      if (!diff) throw new Error(`No snapshot "${id}" is kept.`)
      return diff
    },
    exportState: () => later(() => inspection.exportState()),
    importState: (text) => later(() => inspection.importState(text)),
    addFault: (spec) => later(() => void ('stream' in spec ? mock.faults.addStream(spec) : mock.faults.add(spec))),
    removeFault: (id) => later(() => void mock.faults.remove(id)),
    clearFaults: () => later(() => mock.faults.clear()),
    clearJournal: () => later(() => mock.journal.clear()),
    stubs: () =>
      later(() =>
        mock.stubs
          .list()
          .map((stub) => ({ ...stub, remaining: Number.isFinite(stub.remaining) ? stub.remaining : null })),
      ),
    addStub: (spec) => later(() => mock.stubs.add(spec).id),
    async removeStub(id) {
      if (!mock.stubs.remove(id)) throw new Error(`No stub "${id}" is waiting.`)
    },
    latency: () => later(() => mock.latency.settings()),
    setLatency: (settings) => later(() => void mock.latency.set(settings)),
    clearLatency: () => later(() => mock.latency.reset()),
    preserveJournal: (preserve) =>
      later(() => {
        if (preserve !== undefined) mock.journal.preserved = preserve
        return mock.journal.preserved
      }),
    removeAsset: (id) => later(() => mock.removeAsset(id)),
    clock: (change) =>
      later(() => {
        if (change.action === 'set') mock.clock.set(change.at)
        else if (change.action === 'advance') mock.clock.advance(change.ms)
        else mock.clock[change.action]()
      }),
    async machine() {
      const [os, accounts, installers, backups] = await Promise.all(
        (['os', 'accounts', 'installers', 'backups'] as const).map((part) => control('GET', `/__mock/machine/${part}`)),
      )
      return { os, accounts, installers, backups } as MachineState
    },
    setMachine: async (setter, body) => void (await control('POST', `/__mock/machine/${setter}`, body)),
    subscribe(events, opened) {
      const stop = inspection.subscribe((event) => events([event]))
      queueMicrotask(opened)
      return stop
    },
  }
}
