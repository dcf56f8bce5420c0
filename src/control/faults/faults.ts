import type { StreamName } from '../../events/stream-paths.js'
import { textAnswer, type Answer } from '../../execution/answer.js'
import type { FaultEffect } from '../../execution/execute-operation.js'
import { seededRandom } from '../../store/clock-and-ids/seeded-random.js'
import type { ByteBudget } from '../budget/control-budget.js'
import {
  BODYLESS_STATUSES,
  checkFaultSpec,
  checkStreamFaultSpec,
  type CheckedStreamFaultSpec,
  type FaultSpec,
  type StreamFaultSpec,
} from './fault-specs.js'

export type { FaultSpec, StreamFaultSpec } from './fault-specs.js'

/** A fault as the registry keeps it. */
export interface Fault extends FaultSpec {
  readonly id: string
  /** Requests it still applies to; Infinity for always. */
  remaining: number
}

/** A stream fault as the registry keeps it: its close, if any, as `{ code, reason? }`. */
interface StreamFault extends CheckedStreamFaultSpec {
  readonly id: string
  remaining: number
}

/** The faults injected into a mock service. */
export interface Faults {
  /** Adds a stream fault; throws a message naming what to fix for one that cannot work. */
  addStream(spec: StreamFaultSpec): StreamFault
  /** Takes the first fault that matches a frame about to go out on a stream, if any. */
  takeStream(stream: StreamName): StreamFault | undefined
  /** Adds an operation fault; throws a message naming what to fix for one that cannot work (400 over HTTP). */
  add(spec: FaultSpec): Fault
  remove(id: string): boolean
  clear(): void
  list(): readonly Fault[]
  /** The stream faults still waiting. */
  listStreams(): readonly StreamFault[]
  /** Hears of every fault added, removed, cleared or counted down; returns the function that stops listening. */
  subscribe(listener: () => void): () => void
  /** Takes the first fault that matches an operation (counting it down), if any. */
  take(operation: string): FaultEffect | undefined
}

/** What a fault counts besides its body and texts: its fields and its place in the list. */
const FAULT_BYTES = 256

/** A budget that refuses nothing, for a registry that shares none. */
const UNBOUNDED: ByteBudget = { admit() {}, charge() {} }

/**
 * Creates a fault registry whose random delays come from a seeded generator.
 * Each fault counts its body's text and its names against `budget` (the
 * control plane's): one that does not fit is refused (STORE_FULL, 507) and
 * nothing is added.
 *
 * @example
 * const faults = createFaults(1)
 * faults.add({ operation: 'conversationsSnapshot', status: 500, times: 1 })
 */
export function createFaults(
  seed: number,
  resolveOperation: (name: string) => string = (name) => name,
  budget: ByteBudget = UNBOUNDED,
): Faults {
  const random = seededRandom(seed)
  let faults: Fault[] = []
  let streamFaults: StreamFault[] = []
  let counter = 0
  const listeners = new Set<() => void>()
  /** The bytes each kept fault counts, by id. */
  const sizes = new Map<string, number>()
  /** Counts a new fault against the budget (throwing when it does not fit) and keeps its size. */
  function hold<F extends { readonly id: string }>(make: () => F, spec: object): F {
    const size = faultBytes(spec)
    budget.admit(size)
    const fault = make()
    budget.charge(size)
    sizes.set(fault.id, size)
    return fault
  }
  function letGo(id: string): void {
    budget.charge(-(sizes.get(id) ?? 0))
    sizes.delete(id)
  }
  // A listener's failure never reaches the request or frame the fault applied to.
  function changed(): void {
    for (const listener of listeners) {
      try {
        listener()
      } catch (error) {
        console.error(error)
      }
    }
  }

  return {
    add(spec) {
      const checked = checkFaultSpec(spec, resolveOperation)
      const fault: Fault = hold(
        () => ({ ...checked, id: `fault-${++counter}`, remaining: checked.times ?? Infinity }),
        checked,
      )
      faults.push(fault)
      changed()
      return fault
    },
    addStream(spec) {
      const checked = checkStreamFaultSpec(spec)
      const fault: StreamFault = hold(
        () => ({ ...checked, id: `fault-${++counter}`, remaining: checked.times ?? Infinity }),
        checked,
      )
      streamFaults.push(fault)
      changed()
      return fault
    },
    takeStream(stream) {
      const fault = streamFaults.find((candidate) => candidate.stream === stream && candidate.remaining > 0)
      if (!fault) return undefined
      fault.remaining -= 1
      if (fault.remaining === 0) {
        streamFaults = streamFaults.filter((candidate) => candidate !== fault)
        letGo(fault.id)
      }
      changed()
      return fault
    },
    remove(id) {
      const before = faults.length + streamFaults.length
      faults = faults.filter((fault) => fault.id !== id)
      streamFaults = streamFaults.filter((fault) => fault.id !== id)
      const removed = faults.length + streamFaults.length !== before
      if (removed) {
        letGo(id)
        changed()
      }
      return removed
    },
    clear() {
      const had = faults.length + streamFaults.length > 0
      faults = []
      streamFaults = []
      for (const id of [...sizes.keys()]) letGo(id)
      if (had) changed()
    },
    list: () => faults,
    listStreams: () => streamFaults,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    take(operation) {
      const fault = faults.find((candidate) => candidate.operation === operation && candidate.remaining > 0)
      if (!fault) return undefined
      fault.remaining -= 1
      if (fault.remaining === 0) {
        faults = faults.filter((candidate) => candidate !== fault)
        letGo(fault.id)
      }
      changed()
      const delay = fault.delayMs
      const delayMs = delay === undefined ? 0 : typeof delay === 'number' ? delay : random.int(delay.min, delay.max)
      const answer = fault.networkError ? ({ networkError: true } as const) : answerOf(fault, operation)
      return { faultId: fault.id, delayMs, ...(answer && { answer }) }
    },
  }
}

/** The answer a fault with a status gives: its body as text or JSON, a message naming it, or none for a bodyless status. */
function answerOf(fault: Fault, operation: string): Answer | undefined {
  if (fault.status === undefined) return undefined
  if (BODYLESS_STATUSES.has(fault.status)) return { status: fault.status }
  if (typeof fault.body === 'object') {
    return { status: fault.status, contentType: 'application/json', body: JSON.stringify(fault.body) }
  }
  return textAnswer(fault.status, fault.body ?? `Injected fault ${fault.id} on ${operation}.`)
}

/** What a fault counts: its body's text (an object's as JSON), its names and {@link FAULT_BYTES}. */
function faultBytes(spec: object): number {
  let bytes = FAULT_BYTES
  for (const value of Object.values(spec)) {
    if (typeof value === 'string') bytes += value.length
    else if (typeof value === 'object' && value !== null) bytes += JSON.stringify(value).length
  }
  return bytes
}
