import { invariant } from 'outvariant'
import type { StreamFaultEffect } from '../../events/deliver-frame.js'
import { seededRandom } from '../../store/clock-and-ids/seeded-random.js'
import { tellListeners } from '../tell-listeners.js'

/** The most a latency setting may wait, in milliseconds: a minute, as a copilot reply's pace. */
export const MAX_LATENCY_MS = 60_000

/** The most operations one latency setting names. */
const MAX_PER_OPERATION = 1_000

/**
 * How long the mock waits before answering, as a network between the client
 * and the service would: `default` milliseconds for every operation (and
 * every stream frame), `perOperation` for the operations named, plus a
 * seeded random `jitter` from 0 to that many milliseconds for each request.
 */
export interface LatencySettings {
  readonly default?: number
  readonly perOperation?: Readonly<Record<string, number>>
  readonly jitter?: number
}

/** A mock's latency: what it is, how to change it, and what it makes each request and frame wait. */
export interface Latency {
  /** The settings in force. */
  settings(): LatencySettings
  /** Replaces the settings; throws a message naming what to fix for settings that cannot work (400 over HTTP). */
  set(settings: unknown): LatencySettings
  /** Back to the settings the mock was created with. */
  reset(): void
  /** Milliseconds to wait before answering a request of `operation`: its own or the default, plus jitter. */
  delayFor(operation: string): number
  /** What a stream frame waits: the default, with no jitter, so frames keep their order. */
  frameEffect(): StreamFaultEffect | undefined
  /** Hears of every change of the settings (set or reset); returns the function that stops listening. */
  subscribe(listener: () => void): () => void
}

/**
 * Creates a mock's latency from its `latency` option: settable at run time,
 * its jitter drawn from a generator seeded with the mock's seed, so a run
 * waits the same on every run.
 *
 * @example
 * const latency = createLatency(1, { default: 50, jitter: 20 })
 * latency.delayFor('assetsSnapshot') // from 50 to 70
 */
export function createLatency(
  seed: number,
  initial: LatencySettings | undefined,
  resolveOperation: (name: string) => string = (name) => name,
): Latency {
  const random = seededRandom(seed)
  const first = checkLatency(initial ?? {}, resolveOperation)
  let current = first
  const listeners = new Set<() => void>()
  const changed = () => tellListeners(listeners)
  return {
    settings: () => current,
    set(settings) {
      current = checkLatency(settings, resolveOperation)
      changed()
      return current
    },
    reset() {
      current = first
      changed()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    delayFor(operation) {
      const base = current.perOperation?.[operation] ?? current.default ?? 0
      const jitter = current.jitter ?? 0
      return jitter > 0 ? base + random.int(0, jitter) : base
    },
    frameEffect: () => (current.default ? { delayMs: current.default } : undefined),
  }
}

/** Checks settings from a caller, returning them with operation names resolved. */
function checkLatency(settings: unknown, resolveOperation: (name: string) => string): LatencySettings {
  invariant(
    typeof settings === 'object' && settings !== null && !Array.isArray(settings),
    'Failed to set the latency: %s is not an object. Send { "default"?, "perOperation"?, "jitter"? } in milliseconds.',
    quoted(settings),
  )
  const { default: fallback, perOperation, jitter, ...rest } = settings as Record<string, unknown>
  const unknown = Object.keys(rest)[0]
  invariant(
    unknown === undefined,
    'Failed to set the latency: it has no field "%s". Send { "default"?, "perOperation"?, "jitter"? } in milliseconds.',
    unknown?.slice(0, 64),
  )
  checkMs('default', fallback)
  checkMs('jitter', jitter)
  return {
    ...(fallback !== undefined && { default: fallback as number }),
    ...(perOperation !== undefined && { perOperation: checkPerOperation(perOperation, resolveOperation) }),
    ...(jitter !== undefined && { jitter: jitter as number }),
  }
}

function checkPerOperation(value: unknown, resolveOperation: (name: string) => string): Record<string, number> {
  invariant(
    typeof value === 'object' && value !== null && !Array.isArray(value),
    'Failed to set the latency: perOperation is not an object. Send { "<operation>": <milliseconds> }.',
  )
  const entries = Object.entries(value)
  invariant(
    entries.length <= MAX_PER_OPERATION,
    'Failed to set the latency: perOperation names %s operations. Name at most %s.',
    entries.length,
    MAX_PER_OPERATION,
  )
  const checked: Record<string, number> = {}
  for (const [name, ms] of entries) {
    checkMs(`perOperation.${name.slice(0, 64)}`, ms)
    checked[resolveOperation(name)] = ms as number
  }
  return checked
}

function checkMs(field: string, value: unknown): void {
  invariant(
    value === undefined ||
      (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_LATENCY_MS),
    'Failed to set the latency: %s is %s. Give a whole number of milliseconds from 0 to %s.',
    field,
    quoted(value),
    MAX_LATENCY_MS,
  )
}

/** A value as a refusal names it, a long string cut short. */
function quoted(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  return Array.isArray(value) ? 'an array' : String(value)
}
