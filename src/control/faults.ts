import { invariant } from 'outvariant'
import { STREAM_NAMES, type StreamName } from '../events/stream-paths.js'
import { textAnswer } from '../execution/answer.js'
import type { FaultEffect } from '../execution/execute-operation.js'
import { seededRandom } from '../store/seeded-random.js'

/** A failure to inject into one operation. */
export interface FaultSpec {
  /** The spec's operation name the fault applies to. */
  operation: string
  /** Answer with this status instead of running the operation. */
  status?: number
  /** The text body of that answer (default: a message naming the fault). */
  body?: string
  /** Wait this long before answering, or a random time in [min, max] drawn from the seeded generator. */
  delayMs?: number | { min: number; max: number }
  /** Fail at the network level (MSW's `HttpResponse.error()`; the standalone server drops the connection). */
  networkError?: boolean
  /** How many matching requests it applies to (default: every one). */
  times?: number
}

/** A fault as the registry keeps it. */
export interface Fault extends FaultSpec {
  readonly id: string
  /** Requests it still applies to; Infinity for always. */
  remaining: number
}

/** A failure to inject into a stream: an identifier stream, a status stream or the copilot's `qgpt`. */
export interface StreamFaultSpec {
  stream: StreamName
  /** Close each client's socket with this code (and reason) instead of sending the frame. */
  close?: { code: number; reason?: string }
  /** Drop the frame. */
  drop?: boolean
  /** Send the frame this many milliseconds late. */
  delayMs?: number
  /** How many frames it applies to (default: every one). */
  times?: number
}

/** A stream fault as the registry keeps it. */
export interface StreamFault extends StreamFaultSpec {
  readonly id: string
  remaining: number
}

/** The faults injected into a mock service. */
export interface Faults {
  addStream(spec: StreamFaultSpec): StreamFault
  /** Takes the first fault that matches a frame about to go out on a stream, if any. */
  takeStream(stream: StreamName): StreamFault | undefined
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

/**
 * Creates a fault registry whose random delays come from a seeded generator.
 *
 * @example
 * const faults = createFaults(1)
 * faults.add({ operation: 'conversationsSnapshot', status: 500, times: 1 })
 */
export function createFaults(seed: number): Faults {
  const random = seededRandom(seed)
  let faults: Fault[] = []
  let streamFaults: StreamFault[] = []
  let counter = 0
  const listeners = new Set<() => void>()
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
      invariant(
        typeof spec.operation === 'string' && spec.operation !== '',
        'Failed to add a fault: it names no operation. Pass the spec operation name, e.g. { operation: "asset_snapshot", status: 500 }.',
      )
      invariant(
        spec.status !== undefined || spec.delayMs !== undefined || spec.networkError === true,
        'Failed to add a fault to "%s": it has no effect. Give it a status, a delayMs or networkError: true.',
        spec.operation,
      )
      invariant(
        spec.status === undefined || (Number.isInteger(spec.status) && spec.status >= 200 && spec.status <= 599),
        'Failed to add a fault to "%s": status %s is not an HTTP status. Use a whole number from 200 to 599.',
        spec.operation,
        spec.status,
      )
      invariant(
        spec.times === undefined || (Number.isInteger(spec.times) && spec.times > 0),
        'Failed to add a fault to "%s": times must be a positive whole number. Leave it out for always.',
        spec.operation,
      )
      const delay = spec.delayMs
      invariant(
        delay === undefined ||
          (typeof delay === 'number' && delay >= 0) ||
          (typeof delay === 'object' && delay.min >= 0 && delay.max >= delay.min),
        'Failed to add a fault to "%s": delayMs must be a number of milliseconds or { min, max } with 0 <= min <= max.',
        spec.operation,
      )
      const fault: Fault = { ...spec, id: `fault-${++counter}`, remaining: spec.times ?? Infinity }
      faults.push(fault)
      changed()
      return fault
    },
    addStream(spec) {
      invariant(
        (STREAM_NAMES as readonly string[]).includes(spec.stream),
        'Failed to add a stream fault: "%s" is not a stream. Use one of %s.',
        spec.stream,
        STREAM_NAMES.join(', '),
      )
      invariant(
        spec.close !== undefined || spec.drop === true || (spec.delayMs ?? 0) > 0,
        'Failed to add a fault to the %s stream: it has no effect. Give it close, drop: true or a delayMs.',
        spec.stream,
      )
      invariant(
        spec.close === undefined || spec.close.code === 1000 || (spec.close.code >= 3000 && spec.close.code <= 4999),
        'Failed to add a fault to the %s stream: close code %s cannot be sent by a server. Use 1000 or 3000-4999.',
        spec.stream,
        spec.close?.code,
      )
      const fault: StreamFault = { ...spec, id: `fault-${++counter}`, remaining: spec.times ?? Infinity }
      streamFaults.push(fault)
      changed()
      return fault
    },
    takeStream(stream) {
      const fault = streamFaults.find((candidate) => candidate.stream === stream && candidate.remaining > 0)
      if (!fault) return undefined
      fault.remaining -= 1
      if (fault.remaining === 0) streamFaults = streamFaults.filter((candidate) => candidate !== fault)
      changed()
      return fault
    },
    remove(id) {
      const before = faults.length + streamFaults.length
      faults = faults.filter((fault) => fault.id !== id)
      streamFaults = streamFaults.filter((fault) => fault.id !== id)
      const removed = faults.length + streamFaults.length !== before
      if (removed) changed()
      return removed
    },
    clear() {
      const had = faults.length + streamFaults.length > 0
      faults = []
      streamFaults = []
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
      if (fault.remaining === 0) faults = faults.filter((candidate) => candidate !== fault)
      changed()
      const delay = fault.delayMs
      const delayMs = delay === undefined ? 0 : typeof delay === 'number' ? delay : random.int(delay.min, delay.max)
      const answer = fault.networkError
        ? ({ networkError: true } as const)
        : fault.status !== undefined
          ? textAnswer(fault.status, fault.body ?? `Injected fault ${fault.id} on ${operation}.`)
          : undefined
      return { faultId: fault.id, delayMs, ...(answer && { answer }) }
    },
  }
}
