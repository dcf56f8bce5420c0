import type { Answer } from '../execution/answer.js'
import { JsonPieces } from '../execution/json-pieces.js'

/** The response of one journal entry, as the journal kept it. */
export interface ResponseCopy {
  /** The status answered; 0 for a network error. */
  readonly status: number
  readonly contentType?: string
  /** The body as text, cut at {@link RESPONSE_COPY_BYTES} bytes (or characters of text); undefined when there was none. */
  readonly body?: string
  /** True when the body was longer than what is kept. */
  readonly truncated: boolean
}

/** The most of one response body the journal keeps: 64 KiB (65,536 characters of a text body). */
const RESPONSE_COPY_BYTES = 64 * 1024

/** The most the journal keeps of all response bodies together: 8 MiB, the newest entries' first. */
const RESPONSE_COPIES_BYTES = 8 * 1024 * 1024

/** What a slot holds: the answer itself when its body fits (answers are never edited), or a copy of its first bytes. */
interface Kept {
  readonly status: number
  readonly contentType?: string | undefined
  readonly body?: string | Uint8Array | undefined
  /** Set when the body was cut. */
  readonly truncated?: true
}

/** What the journal keeps of an injected network error. */
const NETWORK_ERROR: Kept = { status: 0 }

/** The bounded response bodies of the newest journal entries, by entry id. */
export interface ResponseCopies {
  keep(id: number, answer: Answer): void
  get(id: number): ResponseCopy | undefined
  clear(): void
}

/**
 * Keeps the responses of the newest `entries` journal entries for the
 * inspector: up to 64 KiB of each body (65,536 characters of text), and up to
 * 8 MiB of bodies in all, the oldest let go first. A body that fits is kept as the answer's own string or bytes
 * (no copy, nothing encoded or decoded on the request's path); a longer one as
 * a copy of its first 64 KiB.
 *
 * @example
 * const copies = createResponseCopies(10_000)
 * copies.keep(1, textAnswer(410, 'Asset no longer exists and is Gone.'))
 * copies.get(1)?.body // 'Asset no longer exists and is Gone.'
 */
export function createResponseCopies(entries: number): ResponseCopies {
  // A ring by entry id (the journal's ids are consecutive): no Map to grow, rehash or walk.
  const capacity = Math.max(entries, 1)
  let ids = new Array<number>(capacity).fill(0)
  let slots = new Array<Kept | undefined>(capacity)
  let sizes = new Array<number>(capacity).fill(0)
  /** The oldest id that may still hold a copy; eviction for the byte bound goes up from here. */
  let oldest = 1
  let total = 0
  let decoder: TextDecoder | undefined

  function drop(id: number): void {
    const slot = id % capacity
    if (ids[slot] !== id) return
    total -= sizes[slot]!
    sizes[slot] = 0
    ids[slot] = 0
    slots[slot] = undefined
  }

  return {
    keep(id, answer) {
      const { kept, size } = keptOf(answer)
      // The entry this slot held is no longer in the journal.
      const slot = id % capacity
      drop(ids[slot]!)
      ids[slot] = id
      slots[slot] = kept
      sizes[slot] = size
      total += size
      if (oldest <= id - capacity) oldest = id - capacity + 1
      while (total > RESPONSE_COPIES_BYTES && oldest < id) drop(oldest++)
    },
    get(id) {
      const found = ids[id % capacity] === id ? slots[id % capacity] : undefined
      if (!found) return undefined
      const { body } = found
      return {
        status: found.status,
        ...(found.contentType && { contentType: found.contentType }),
        ...(body !== undefined && {
          body: typeof body === 'string' ? body : (decoder ??= new TextDecoder()).decode(body),
        }),
        truncated: found.truncated === true,
      }
    },
    clear() {
      ids = new Array<number>(capacity).fill(0)
      slots = new Array<Kept | undefined>(capacity)
      sizes = new Array<number>(capacity).fill(0)
      total = 0
    },
  }
}

/** What is kept of an answer, and its size: the answer itself when its body fits, else a copy of its first bytes. */
function keptOf(answer: Answer): { kept: Kept; size: number } {
  if ('networkError' in answer) return { kept: NETWORK_ERROR, size: 0 }
  // A large answer's pieces: only its first ones are built, to be cut below.
  const body = answer.body instanceof JsonPieces ? answer.body.head(RESPONSE_COPY_BYTES + 1) : answer.body
  // Text is measured in characters, so nothing is encoded for a body that fits.
  const size = body === undefined ? 0 : typeof body === 'string' ? body.length : body.byteLength
  if (size <= RESPONSE_COPY_BYTES) return { kept: body === answer.body ? (answer as Kept) : { ...answer, body }, size }
  const kept = cut(answer.status, answer.contentType, body!)
  return { kept, size: (kept.body as Uint8Array).byteLength }
}

/** What is kept of a body longer than {@link RESPONSE_COPY_BYTES}: a copy of its first bytes (a substring of text would keep the whole body alive). */
function cut(status: number, contentType: string | undefined, body: string | Uint8Array): Kept {
  let head: Uint8Array
  if (typeof body === 'string') {
    const bytes = new Uint8Array(RESPONSE_COPY_BYTES)
    // Encoding stops when the bytes are full, but only after the whole string is flattened: give it no more characters than fit.
    const { written } = new TextEncoder().encodeInto(body.slice(0, RESPONSE_COPY_BYTES), bytes)
    head = bytes.slice(0, written)
  } else {
    head = body.slice(0, RESPONSE_COPY_BYTES)
  }
  return { status, contentType, body: head, truncated: true }
}
