import type { ValidityWindow, WireContext } from './wire-types.js'

/** One cached serialization: the value, what else it was built from, and when it holds. */
interface WireCacheEntry<T> {
  readonly value: T
  readonly dependency: unknown
  readonly from: number
  readonly to: number
}

/**
 * Serializations of stored records, by record object. Records are never
 * edited in place (a write stores a new object), so an entry is stale only
 * when its `readable` texts would read differently at a later `now`, which
 * its validity window says.
 */
export type WireCache<R extends object, T> = WeakMap<R, WireCacheEntry<T>>

/**
 * Creates an empty serialization cache.
 *
 * @example
 * const conversations: WireCache<ConversationRecord, Wire<Conversation>> = createWireCache()
 */
export function createWireCache<R extends object, T>(): WireCache<R, T> {
  return new WeakMap()
}

/**
 * Narrows a validity window to `[from, to]`.
 *
 * @example
 * narrowValidity(window, Date.parse(iso) - 59_499, Date.parse(iso) + 59_500)
 */
export function narrowValidity(window: ValidityWindow, from: number, to: number): void {
  if (from > window.from) window.from = from
  if (to < window.to) window.to = to
}

/**
 * The serialization of `record` for this context: the cached one when it was
 * built from the same record and `dependency` (compared with `===`, e.g. the
 * linked record it embeds) and its readable timestamps still read the same
 * at `context.now`; otherwise built by `build`. What a read builds (its
 * context carries a validity window) is cached; what a write builds for its
 * one answer is not, so a burst of creates does not keep a second copy of
 * every new record. The result may be shared between responses, so nothing
 * may edit it.
 *
 * @example
 * return cachedWire(conversationCache, record, undefined, context, (scoped) => build(record, scoped))
 */
export function cachedWire<R extends object, T>(
  cache: WireCache<R, T>,
  record: R,
  dependency: unknown,
  context: WireContext,
  build: (context: WireContext) => T,
): T {
  const now = context.now.getTime()
  const entry = cache.get(record)
  if (entry !== undefined && entry.dependency === dependency && entry.from <= now && now <= entry.to) {
    if (context.validity) narrowValidity(context.validity, entry.from, entry.to)
    return entry.value
  }
  const validity: ValidityWindow = { from: -Infinity, to: Infinity }
  const value = build({ now: context.now, transferables: context.transferables, validity })
  if (context.validity) {
    cache.set(record, { value, dependency, from: validity.from, to: validity.to })
    narrowValidity(context.validity, validity.from, validity.to)
  }
  return value
}
