import { invariant } from 'outvariant'
import type { Clock } from './clock.js'
import { normalizeTimestamp } from './normalize-timestamp.js'

/** What a controllable clock reads now, and whether it stands still. */
export interface ClockState {
  /** The mock's time (ISO-8601). */
  readonly now: string
  /** True while the clock is frozen. */
  readonly frozen: boolean
  /** How far the mock's time is from the injected clock's, in ms (0 when it follows it). */
  readonly offsetMs: number
}

/**
 * The mock's clock: the injected one, which can be frozen, set and advanced
 * so `readable` texts and `updated` values can be shown at any time.
 */
export interface ControllableClock extends Clock {
  /** Stops the time, at `at` or where it stands. */
  freeze(at?: Date | string | number): void
  /** Moves the time to `at`; a frozen clock stays frozen there, a running one runs on from there. */
  set(at: Date | string | number): void
  /** Moves the time forward by `ms` (backward for a negative number). */
  advance(ms: number): void
  /** Lets a frozen clock run again, from the instant it shows. */
  resume(): void
  /** Back to the injected clock: running, with no offset. */
  reset(): void
  state(): ClockState
  /** Hears of every change made through these calls; returns the function that stops listening. */
  subscribe(listener: (state: ClockState) => void): () => void
}

/**
 * Wraps a clock so the mock's time can be frozen, set and advanced. While
 * untouched it reads the injected clock as it is.
 *
 * @example
 * const clock = createControllableClock(systemClock)
 * clock.freeze('2024-05-01T12:00:00.000Z')
 * clock.advance(3 * 24 * 60 * 60 * 1000) // readable texts now say "3 days ago"
 */
export function createControllableClock(base: Clock): ControllableClock {
  // Frozen at this instant when defined; otherwise the injected clock plus `offset`.
  let frozenAt: number | undefined
  let offset = 0
  const listeners = new Set<(state: ClockState) => void>()
  const instant = () => frozenAt ?? base.now().getTime() + offset

  function changed(): void {
    const state = clock.state()
    for (const listener of [...listeners]) {
      try {
        listener(state)
      } catch (error) {
        console.error(error)
      }
    }
  }

  const clock: ControllableClock = {
    now() {
      if (frozenAt !== undefined) return new Date(frozenAt)
      return offset === 0 ? base.now() : new Date(base.now().getTime() + offset)
    },
    freeze(at) {
      frozenAt = at === undefined ? instant() : instantOf(at, 'freeze')
      changed()
    },
    set(at) {
      const next = instantOf(at, 'set')
      if (frozenAt !== undefined) frozenAt = next
      else offset = next - base.now().getTime()
      changed()
    },
    advance(ms) {
      invariant(
        typeof ms === 'number' && Number.isFinite(ms),
        "Failed to advance the mock's clock: %s is not a number of milliseconds. Pass one such as 86400000 (a day).",
        ms,
      )
      if (frozenAt !== undefined) frozenAt = checked(frozenAt + ms, 'advance')
      else {
        // One reading of the injected clock: two could straddle a millisecond and move the offset by one.
        const reading = base.now().getTime()
        offset = checked(reading + offset + ms, 'advance') - reading
      }
      changed()
    },
    resume() {
      if (frozenAt === undefined) return
      offset = frozenAt - base.now().getTime()
      frozenAt = undefined
      changed()
    },
    reset() {
      frozenAt = undefined
      offset = 0
      changed()
    },
    state() {
      const reading = base.now().getTime()
      const now = frozenAt ?? reading + offset
      return { now: new Date(now).toISOString(), frozen: frozenAt !== undefined, offsetMs: now - reading }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return clock
}

function instantOf(at: Date | string | number, action: string): number {
  // A text in a client's form (no offset: UTC) as the service reads it; any other text as Date reads it.
  const text = typeof at === 'string' ? (normalizeTimestamp(at) ?? at) : undefined
  const value =
    at instanceof Date
      ? at.getTime()
      : text !== undefined
        ? Date.parse(text)
        : typeof at === 'number'
          ? new Date(at).getTime()
          : NaN
  return checked(value, action, at)
}

function checked(value: number, action: string, given: unknown = value): number {
  invariant(
    Number.isFinite(value) && Math.abs(value) <= 8.64e15,
    'Failed to %s the mock\'s clock: %s is not a time. Pass an ISO-8601 timestamp such as "2024-05-01T12:00:00.000Z".',
    action,
    JSON.stringify(given),
  )
  return value
}
