/** What kind of difference a replayed answer has from the recorded one. */
export type DifferenceKind = 'status' | 'shape' | 'missing' | 'extra' | 'value' | 'order' | 'frames'

/** One way the mock's answer differs from the recorded service's. */
export interface Difference {
  /** The HAR entry the recorded answer is in. */
  readonly entry: number
  /** The official client's method for the request (or the stream's path). */
  readonly operation: string
  /** The request, as recorded: `GET /conversations`. */
  readonly request: string
  readonly kind: DifferenceKind
  /** Where in the answer: `iterable[2].name`, `(status)`, `frames[1]`. */
  readonly field: string
  /** The recorded service's value, shortened. */
  readonly recorded?: string
  /** The mock's value, shortened. */
  readonly mock?: string
}

/** What a drift check found. */
export interface DriftReport {
  /** The HAR checked. */
  readonly har: string
  /** HTTP exchanges and streams replayed. */
  readonly replayed: number
  /** Entries of the HAR that are not the service's (pages, scripts, other APIs). */
  readonly skipped: number
  /** Differences beyond the allow-list: any makes the check fail. */
  readonly differences: readonly Difference[]
  /** Differences the allow-list lets through. */
  readonly allowed: readonly Difference[]
  /** What the check could not compare, and why (links to records the recording never fetched, an unclosed file). */
  readonly notes: readonly string[]
}
