import type { Store } from '../store/create-store.js'
import type { ValidityWindow } from '../wire/wire-types.js'
import type { OperationResult } from '../operations/define-operation.js'

/** A JSON answer and its serialized text, with the instants its `readable` texts hold for. */
interface CachedAnswer {
  readonly result: OperationResult
  readonly bytes: number
  readonly from: number
  readonly to: number
}

interface ResponseCache {
  /** Bumped by every committed write and replacement; an answer built across a bump is not kept. */
  generation: number
  bytes: number
  /** Least recently used first. */
  readonly answers: Map<string, CachedAnswer>
}

/** At most this many answers per store… */
const MAX_ANSWERS = 128
/** …and this many characters of JSON in all… */
const MAX_CHARACTERS = 8 * 1024 * 1024
/** …of answers no longer than this (a whole large list is cheaper to rebuild than to keep). */
const SINGLE_LIMIT = 1024 * 1024

const JSON_TEXT = Symbol('conversation-asset-mock.jsonText')
const caches = new WeakMap<Store, ResponseCache>()

function cacheOf(store: Store): ResponseCache {
  let cache = caches.get(store)
  if (!cache) {
    const created: ResponseCache = { generation: 0, bytes: 0, answers: new Map() }
    store.subscribe(() => {
      created.generation++
      // clear() allocates a new table even for an empty map; a burst of writes mostly finds it empty.
      if (created.answers.size > 0) created.answers.clear()
      created.bytes = 0
    })
    caches.set(store, (cache = created))
  }
  return cache
}

/**
 * The JSON text of a JSON answer: the text kept with a cached answer, else
 * `JSON.stringify(result.json)`.
 *
 * @example
 * response.end(jsonTextOf(result))
 */
export function jsonTextOf(result: { readonly json: unknown }): string {
  return cachedJsonTextOf(result) ?? JSON.stringify(result.json)
}

/**
 * The JSON text kept with an answer from the read cache, or undefined for an
 * answer built for one request only.
 *
 * @example
 * const text = cachedJsonTextOf(result) // the same string for every request the cached answer serves
 */
export function cachedJsonTextOf(result: { readonly json: unknown }): string | undefined {
  return (result as { [JSON_TEXT]?: string })[JSON_TEXT]
}

/**
 * Answers a read (GET) from the store's answer cache, or runs it and keeps a
 * successful JSON answer with its text. A kept answer is given again only
 * while the store has not changed (any committed write or replacement empties
 * the cache) and the clock is inside the window in which every `readable`
 * text in it still reads the same, so a cached answer is byte for byte what
 * running the operation again would give. Kept answers are shared: nothing
 * may edit them.
 *
 * @example
 * const result = await cachedRead(store, key, (validity) => operation.run({ request, store, validity }))
 */
export async function cachedRead(
  store: Store,
  key: string,
  run: (validity: ValidityWindow) => OperationResult | Promise<OperationResult>,
): Promise<OperationResult> {
  const cache = cacheOf(store)
  const kept = cache.answers.get(key)
  if (kept) {
    const now = store.clock.now().getTime()
    if (kept.from <= now && now <= kept.to) {
      cache.answers.delete(key)
      cache.answers.set(key, kept)
      return kept.result
    }
    cache.answers.delete(key)
    cache.bytes -= kept.bytes
  }
  const generation = cache.generation
  const validity: ValidityWindow = { from: -Infinity, to: Infinity }
  const result = await run(validity)
  if (!('json' in result) || result.status >= 300 || cache.generation !== generation || validity.from > validity.to) {
    return result
  }
  const text = JSON.stringify(result.json)
  if (text === undefined || text.length > SINGLE_LIMIT) return result
  Object.defineProperty(result, JSON_TEXT, { value: text, enumerable: false, configurable: true })
  const replaced = cache.answers.get(key)
  if (replaced) {
    cache.answers.delete(key)
    cache.bytes -= replaced.bytes
  }
  cache.answers.set(key, { result, bytes: text.length, from: validity.from, to: validity.to })
  cache.bytes += text.length
  for (const [oldest, answer] of cache.answers) {
    if (cache.answers.size <= MAX_ANSWERS && cache.bytes <= MAX_CHARACTERS) break
    cache.answers.delete(oldest)
    cache.bytes -= answer.bytes
  }
  return result
}
