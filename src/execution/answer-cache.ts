import type { Store } from '../store/create-store.js'
import type { TimeWindow } from '../wire/readable-time.js'
import type { Answer } from './answer.js'

/** A kept answer, with its body as bytes and the instants its `readable` texts hold for. */
interface Kept {
  readonly answer: Answer & { readonly body: Uint8Array }
  readonly from: number
  readonly to: number
  /** When it was last given, by a counter: the least recently used goes first. */
  used: number
}

/** Answers of reads, kept while nothing they show has changed. */
export interface AnswerCache {
  /**
   * The key of a read: its operation, parameters and query. The text of a
   * routed path's parameters (one frozen object its requests share) is made once.
   */
  keyOf(operation: string, params: Readonly<Record<string, string>>, query: URLSearchParams): string
  /** The kept answer of `key` while `now` is inside its window, or undefined: a lookup, nothing run or awaited. */
  peek(key: string, now: number): Answer | undefined
  /**
   * The kept answer of `key`, or the answer `run` builds, kept when its key
   * was read before (a read seen once is not kept), it is a 2xx JSON answer
   * no larger than the single-answer limit and the store did not change while
   * it was built.
   */
  read(key: string, now: number, run: () => Promise<{ answer: Answer; window: TimeWindow }>): Promise<Answer>
}

/** At most this many answers… */
const MAX_ANSWERS = 128
/** …and this many bytes in all… */
const MAX_BYTES = 8 * 1024 * 1024
/** …of answers no larger than this (a whole large list is cheaper to rebuild than to keep). */
const SINGLE_LIMIT = 1024 * 1024
/** The keys of reads not kept, remembered up to this many (then forgotten all at once). */
const MAX_READ_BEFORE = 1024

/**
 * Creates the read cache of a store. Any committed write or replacement
 * empties it, and a kept answer is given only while the clock is inside the
 * window in which its readable texts read the same, so it is byte for byte
 * what running the read again would give. Least recently used answers go
 * first past 128 answers or 8 MiB. An answer is kept from its key's second
 * read on: a start-up reading each of 20,000 records once keeps none of them
 * (keeping each would only push the kept answers out, as bytes no read asks
 * for again, made and then collected), while a key read again is kept as before.
 *
 * @example
 * const answers = createAnswerCache(store)
 * const key = answers.keyOf('conversationsSnapshot', {}, new URLSearchParams())
 * answers.peek(key, Date.now()) ?? (await answers.read(key, Date.now(), run))
 */
export function createAnswerCache(store: Store): AnswerCache {
  /** Bumped by every committed write and replacement; an answer built across a bump is not kept. */
  let generation = 0
  let bytes = 0
  let tick = 0
  const kept = new Map<string, Kept>()
  /** The keys read and not kept (or let go): the next read of one is kept. */
  const readBefore = new Set<string>()
  const encoder = new TextEncoder()
  store.subscribe(() => {
    generation++
    // clear() allocates a new table even for an empty map; a burst of writes mostly finds it empty.
    if (kept.size > 0) {
      // Keys that were kept were read before: their next read is kept again.
      for (const key of kept.keys()) markRead(key)
      kept.clear()
    }
    bytes = 0
  })

  /** Remembers that `key` was read and is not kept, so that its next read is kept (at most 1,024 keys, then afresh). */
  function markRead(key: string): void {
    if (readBefore.size >= MAX_READ_BEFORE) readBefore.clear()
    readBefore.add(key)
  }

  function forget(key: string, entry: Kept): void {
    kept.delete(key)
    bytes -= entry.answer.body.byteLength
  }

  /** Lets go of the least recently used answers until the bounds hold (a scan of at most 129). */
  function trim(): void {
    while (kept.size > MAX_ANSWERS || bytes > MAX_BYTES) {
      let oldestKey: string | undefined
      let oldest: Kept | undefined
      for (const [key, entry] of kept) {
        if (!oldest || entry.used < oldest.used) {
          oldest = entry
          oldestKey = key
        }
      }
      forget(oldestKey!, oldest!)
      markRead(oldestKey!)
    }
  }

  function peek(key: string, now: number): Answer | undefined {
    const found = kept.get(key)
    if (!found) return undefined
    // A hit changes no table: only its counter, so a hot answer costs a lookup.
    if (found.from <= now && now <= found.to) {
      found.used = ++tick
      return found.answer
    }
    forget(key, found)
    markRead(key)
    return undefined
  }

  return {
    keyOf: createKeyMaker(),
    peek,
    async read(key, now, run) {
      const hit = peek(key, now)
      if (hit) return hit
      const started = generation
      const { answer, window } = await run()
      if (
        'networkError' in answer ||
        answer.status >= 300 ||
        typeof answer.body !== 'string' ||
        generation !== started ||
        window.from > window.to ||
        answer.body.length > SINGLE_LIMIT
      ) {
        return answer
      }
      if (!readBefore.delete(key)) {
        markRead(key)
        return answer
      }
      const body = encoder.encode(answer.body)
      const entry: Kept = { answer: { ...answer, body }, from: window.from, to: window.to, used: ++tick }
      const replaced = kept.get(key)
      if (replaced) forget(key, replaced)
      kept.set(key, entry)
      bytes += body.byteLength
      trim()
      return entry.answer
    },
  }
}

/**
 * Makes the read keys of one cache: the operation, the parameters' JSON and
 * the query. A routed path's parameters are one frozen object its requests
 * share, so their text is kept by the object (it cannot change).
 */
function createKeyMaker(): AnswerCache['keyOf'] {
  const paramsTexts = new WeakMap<object, string>()
  return (operation, params, query) => {
    let text = paramsTexts.get(params)
    if (text === undefined) {
      text = JSON.stringify(params)
      if (Object.isFrozen(params)) paramsTexts.set(params, text)
    }
    return `${operation} ${text} ?${query.size === 0 ? '' : query.toString()}`
  }
}
