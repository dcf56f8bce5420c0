import { z } from 'zod'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import type { WorkstreamEventRecord } from '../../../store/schemas/schemas.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds the pattern engine's vision calibrations. */
const PATTERN_ENGINE_PART = 'patternEngine'

/** At most this many calibrations are kept; the oldest go first. */
const MAX_CALIBRATIONS = 20

/** The longest window name a calibration the control plane sets may hold. */
const MAX_FOREGROUND_LENGTH = 200

/** The window the mock says is in focus when a client captures its calibration QR code. */
export const FOCUSED_WINDOW = 'Pieces Copilot'

/** A vision calibration: the window in focus when it was captured, and when. */
export interface Calibration {
  readonly [key: string]: unknown
  readonly foreground: string
  readonly captured: string
}

/** The pattern engine's own state: the calibrations captured, oldest first. */
export interface PatternEngineState {
  readonly [key: string]: unknown
  readonly calibrations: readonly Calibration[]
}

const INITIAL: PatternEngineState = Object.freeze({ calibrations: [] })

/**
 * The pattern engine's state as it is now.
 *
 * @example
 * readPatternEngine(store).calibrations // []
 */
export function readPatternEngine(store: Store | Transaction): PatternEngineState {
  return readPart(store, PATTERN_ENGINE_PART, INITIAL)
}

/**
 * Stages a calibration captured now (the focused window), keeping the newest
 * {@link MAX_CALIBRATIONS}; answers it.
 *
 * @example
 * await store.write((tx) => captureCalibration(tx))
 */
export function captureCalibration(tx: Transaction): Calibration {
  const current = readPatternEngine(tx)
  const calibration: Calibration = { foreground: FOCUSED_WINDOW, captured: tx.timestamp() }
  writePart(tx, PATTERN_ENGINE_PART, {
    ...current,
    calibrations: [...current.calibrations, calibration].slice(-MAX_CALIBRATIONS),
  })
  return calibration
}

/**
 * The body of `POST /__mock/machine/pattern-engine`: the calibrations, oldest
 * first, replacing those kept (at most {@link MAX_CALIBRATIONS}; `captured`,
 * an ISO time, defaults to now).
 *
 * @example
 * patternEngineInput.parse({ calibrations: [{ foreground: 'Visual Studio Code' }] })
 */
export const patternEngineInput = lazySchema(() =>
  z
    .object({
      calibrations: z
        .array(
          z
            .object({
              foreground: z.string().min(1).max(MAX_FOREGROUND_LENGTH),
              captured: z.iso.datetime({ offset: true }).optional(),
            })
            .strict(),
        )
        .max(MAX_CALIBRATIONS),
    })
    .strict(),
)

/** What {@link setPatternEngine} is sent: the calibrations. */
export type PatternEngineInput = z.infer<typeof patternEngineInput>

/**
 * Stages the calibrations the control plane sets, replacing those kept
 * (those sent without a time are captured now); answers the new state.
 *
 * @example
 * await store.write((tx) => setPatternEngine(tx, { calibrations: [{ foreground: 'Zed' }] }))
 */
export function setPatternEngine(tx: Transaction, input: PatternEngineInput): PatternEngineState {
  const now = tx.timestamp()
  const calibrations = input.calibrations.map((calibration) => ({
    foreground: calibration.foreground,
    captured: calibration.captured === undefined ? now : new Date(calibration.captured).toISOString(),
  }))
  return writePart(tx, PATTERN_ENGINE_PART, { ...readPatternEngine(tx), calibrations })
}

/**
 * The text long-term memory read on screen for a workstream event (its vision
 * event's OCR): what it reads, else the window's title, else the page's URL.
 *
 * @example
 * visionText(event) // 'Reviewing the release notes'
 */
export function visionText(event: WorkstreamEventRecord): string {
  return event.readable ?? event.windowTitle ?? event.browserUrl ?? ''
}

/** A time range a client names (ISO texts), open at either end. */
export interface TimeRange {
  readonly from?: string | undefined
  readonly to?: string | undefined
}

/**
 * Whether a workstream event was captured inside one of `ranges` (every event
 * when there are none).
 *
 * @example
 * capturedWithin(event, [{ from: '2024-01-01T00:00:00.000Z' }])
 */
export function capturedWithin(event: WorkstreamEventRecord, ranges: readonly TimeRange[]): boolean {
  if (ranges.length === 0) return true
  return ranges.some(
    (range) =>
      (range.from === undefined || event.created >= range.from) &&
      (range.to === undefined || event.created <= range.to),
  )
}
