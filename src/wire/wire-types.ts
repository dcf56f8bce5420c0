/**
 * The JSON form of one of the official client's model types: what travels on
 * the wire before `XFromJSON` turns `value` strings into `Date`s.
 *
 * @example
 * const timestamp: Wire<GroupedTimestamp> = { value: '2024-05-01T12:00:00.000Z' }
 */
export type Wire<T> = T extends Date
  ? string
  : T extends ReadonlyArray<infer U>
    ? Array<Wire<U>>
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T

/** What shapes a response besides the records: the clock and the `transferables` flag. */
export interface WireContext {
  /** The time `readable` timestamps are relative to. */
  readonly now: Date
  /** False leaves transferable payloads (fragments, files) out. Default true. */
  readonly transferables: boolean
  /**
   * Set for a read (the read cache passes one) and inside a cached
   * serializer: the instants for which what is being serialized keeps its
   * `readable` texts. Serializations are kept for reuse only when it is set
   * (see `cachedWire`).
   */
  readonly validity?: ValidityWindow
}

/** Instants (ms since the epoch, inclusive) between which a serialized value stays the same. */
export interface ValidityWindow {
  from: number
  to: number
}
