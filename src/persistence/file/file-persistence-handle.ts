/** A service's records kept in a file: what persistToFile hands back, durable or relaxed. */
export interface FilePersistence {
  /**
   * Runs a request's `work`, then waits until the writes it committed are on
   * disk (durable), and rejects with a NOT_DURABLE (507) error when they could
   * not be put there (they were taken back). Relaxed: `work()` as it is.
   */
  settle<T>(work: () => Promise<T>): Promise<T>
  /** Resolves when every change so far was written, or its write failed (and was reported). */
  flush(): Promise<void>
  /** Stops saving, after a last write of what is not saved yet. */
  stop(): Promise<void>
}
