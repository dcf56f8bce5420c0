import type { CopilotReply } from '../domain/copilot/copilot-reply.js'
import type { FaultSpec, StreamFaultSpec } from './faults/faults.js'
import type { LatencySettings } from './latency/latency.js'
import type { StubSpec } from './stubs/stubs.js'
import type { ClockState } from '../store/clock-and-ids/controllable-clock.js'
import type { JournalEntry } from './journal/journal.js'
import type { ScenarioName } from '../seeding/scenarios.js'
import type { VerifyOutcome } from './inspection/inspection.js'
import { VerificationError, type CallExpectation } from './verify/verify-calls.js'
import type { StreamExpectation } from './verify/verify-streams.js'
import type { MachinePartInputs, MachinePartName } from './machine-part-inputs.js'

export type { MachinePartInputs, MachinePartName } from './machine-part-inputs.js'

/** The standalone server's control API, as a test in another process uses it. */
export interface ControlClient {
  reset(): Promise<void>
  /** Takes a snapshot on the server; resolves with its id. */
  snapshot(): Promise<string>
  restore(id: string): Promise<void>
  /** Lets a snapshot taken on the server go. */
  deleteSnapshot(id: string): Promise<void>
  journal(operation?: string): Promise<JournalEntry[]>
  clearJournal(): Promise<void>
  /** Injects a fault; resolves with its id. */
  addFault(spec: FaultSpec | StreamFaultSpec): Promise<string>
  removeFault(id: string): Promise<void>
  clearFaults(): Promise<void>
  /** Sets how long every answer and stream frame waits (`{ default, perOperation, jitter }` in ms); resolves with the settings. */
  setLatency(settings: LatencySettings): Promise<LatencySettings>
  /** Adds a stub (as JSON: no predicates or bodyFrom); resolves with its id. */
  addStub(spec: StubSpec): Promise<string>
  removeStub(id: string): Promise<void>
  clearStubs(): Promise<void>
  useScenario(name: ScenarioName): Promise<void>
  /** Scripts the copilot's next answers (a text, or { text | chunks, paceMs?, fail? }); resolves with how many wait. */
  copilotReply(...replies: ReadonlyArray<CopilotReply | string>): Promise<number>
  /** Deletes an asset as another client would: its reads answer 410. */
  removeAsset(id: string): Promise<void>
  /** Freezes the mock's clock (at `at`, or where it stands); resolves with its state. */
  freezeClock(at?: string): Promise<ClockState>
  /** Moves the mock's clock to `at`. */
  setClock(at: string): Promise<ClockState>
  /** Moves the mock's clock forward by `ms`. */
  advanceClock(ms: number): Promise<ClockState>
  /** Lets a frozen clock run again from where it stands. */
  resumeClock(): Promise<ClockState>
  /** Reads a part of the machine as `GET /__mock/machine/<part>` answers it. */
  machine(part: MachinePartName): Promise<unknown>
  /**
   * Sets a part of the machine (`POST /__mock/machine/<part>`); resolves with
   * its new state, rejects with the 400's message (nothing changed) for a body it refuses.
   */
  setMachine<P extends keyof MachinePartInputs>(part: P, body: MachinePartInputs[P]): Promise<unknown>
  /** Checks the journal on the server, failing with the same readable table as in-process. */
  verify(expectation: CallExpectation | StreamExpectation): Promise<JournalEntry[]>
}

/**
 * A client of the standalone server's `/__mock` control API.
 *
 * @example
 * const mock = controlClient('http://127.0.0.1:39300')
 * await mock.reset()
 * await mock.addFault({ operation: 'conversationsSnapshot', status: 500, times: 1 })
 * await mock.verify({ operation: 'conversationsSnapshot', times: 1 })
 * await mock.advanceClock(24 * 60 * 60 * 1000) // readable texts a day on
 * await mock.setMachine('sign-in', { user: null }) // everyone signed out
 */
export function controlClient(baseUrl: string): ControlClient {
  const base = baseUrl.replace(/\/+$/, '')
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${base}/__mock${path}`, {
      method,
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
    if (!response.ok) {
      throw new Error(
        `Failed to call the mock's control API (${method} /__mock${path}): ${response.status} ${await response.text()}`,
      )
    }
    return response.status === 204 ? undefined : response.json()
  }
  return {
    reset: async () => void (await call('POST', '/reset')),
    snapshot: async () => ((await call('POST', '/snapshots')) as { id: string }).id,
    restore: async (id) => void (await call('POST', `/snapshots/${encodeURIComponent(id)}/restore`)),
    deleteSnapshot: async (id) => void (await call('DELETE', `/snapshots/${encodeURIComponent(id)}`)),
    journal: async (operation) =>
      (
        (await call('GET', `/journal${operation ? `?operation=${encodeURIComponent(operation)}` : ''}`)) as {
          requests: JournalEntry[]
        }
      ).requests,
    clearJournal: async () => void (await call('DELETE', '/journal')),
    addFault: async (spec) => ((await call('POST', '/faults', spec)) as { id: string }).id,
    removeFault: async (id) => void (await call('DELETE', `/faults/${encodeURIComponent(id)}`)),
    clearFaults: async () => void (await call('DELETE', '/faults')),
    setLatency: async (settings) => (await call('POST', '/latency', settings)) as LatencySettings,
    addStub: async (spec) => ((await call('POST', '/stubs', spec)) as { id: string }).id,
    removeStub: async (id) => void (await call('DELETE', `/stubs/${encodeURIComponent(id)}`)),
    clearStubs: async () => void (await call('DELETE', '/stubs')),
    removeAsset: async (id) => void (await call('DELETE', `/assets/${encodeURIComponent(id)}`)),
    freezeClock: async (at) => (await call('POST', '/clock/freeze', at === undefined ? {} : { at })) as ClockState,
    setClock: async (at) => (await call('POST', '/clock/set', { at })) as ClockState,
    advanceClock: async (ms) => (await call('POST', '/clock/advance', { ms })) as ClockState,
    resumeClock: async () => (await call('POST', '/clock/resume')) as ClockState,
    useScenario: async (name) => void (await call('POST', `/scenarios/${encodeURIComponent(name)}`)),
    copilotReply: async (...replies) =>
      (
        (await call(
          'POST',
          '/copilot/replies',
          replies.map((reply) => (typeof reply === 'string' ? { text: reply } : reply)),
        )) as { pending: number }
      ).pending,
    machine: (part) => call('GET', `/machine/${part}`),
    setMachine: (part, body) => call('POST', `/machine/${part}`, body),
    async verify(expectation) {
      const outcome = (await call('POST', '/verify', expectation)) as VerifyOutcome
      if (!outcome.ok) throw new VerificationError(outcome.message)
      return [...outcome.requests]
    },
  }
}
