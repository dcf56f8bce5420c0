/** The bytes of request bodies a server may hold while reading them, shared by all its connections. */
export interface BodyBudget {
  /** Most bytes held at once. */
  readonly limit: number
  /** Takes `bytes` from the budget; false (and nothing taken) when that would pass the limit. */
  take(bytes: number): boolean
  /** Gives back bytes taken. */
  give(bytes: number): void
}

/**
 * Creates the budget of bytes the request bodies being read may hold in
 * total, so many large bodies held open at once cannot exhaust memory even
 * when each is under the per-request limit.
 *
 * @example
 * const budget = createBodyBudget(64 * 1024 * 1024)
 * if (!budget.take(1024)) throw new Error('busy')
 * budget.give(1024)
 */
export function createBodyBudget(limit: number): BodyBudget {
  let held = 0
  return {
    limit,
    take(bytes) {
      if (held + bytes > limit) return false
      held += bytes
      return true
    },
    give(bytes) {
      held -= bytes
    },
  }
}
