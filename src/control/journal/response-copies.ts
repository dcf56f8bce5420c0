import type { Answer } from '../../execution/answer.js'
import { JsonPieces } from '../../execution/json-pieces.js'
import { createByteRing } from './byte-ring.js'

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
export const RESPONSE_COPIES_BYTES = 8 * 1024 * 1024

/** The status the journal keeps of an injected network error. */
const NETWORK_ERROR = 0

/** The bounded response bodies of the newest journal entries, by entry id. */
export interface ResponseCopies {
  keep(id: number, answer: Answer): void
  get(id: number): ResponseCopy | undefined
  clear(): void
  /** The bytes its buffer holds: a body kept as it is takes its length there all the same. */
  readonly bytes: number
}

/**
 * Keeps the responses of the newest `entries` journal entries for the
 * inspector: up to 64 KiB of each body (65,536 characters of text), and up to
 * 8 MiB of bodies in all, the oldest let go first. An ASCII text body (a
 * JSON answer) is copied into one buffer used as a ring, so that keeping
 * thousands of answers leaves the collector nothing to copy, promote or mark;
 * a text with other characters, and whole bytes (the read cache's answers),
 * are kept as they are, their length taken from the ring all the same.
 *
 * @example
 * const copies = createResponseCopies(10_000)
 * copies.keep(1, textAnswer(410, 'Asset no longer exists and is Gone.'))
 * copies.get(1)?.body // 'Asset no longer exists and is Gone.'
 */
export function createResponseCopies(entries: number, totalBytes = RESPONSE_COPIES_BYTES): ResponseCopies {
  // A table by entry id (the journal's ids are consecutive): no Map to grow, rehash or walk.
  const capacity = Math.max(entries, 1)
  const slots = createSlots(capacity)
  const ring = createByteRing(Math.max(totalBytes, MOST_BYTES_OF_ONE))
  /** The oldest id whose body may still be in the ring: bodies are let go from here up, in the order they were written. */
  let oldest = 1
  let decoder: TextDecoder | undefined

  /** Lets go of the oldest bodies where `length` bytes at `at` go. */
  function makeRoom(id: number, at: number, length: number): void {
    oldest = Math.max(oldest, id - capacity + 1)
    for (; oldest < id; oldest++) {
      const slot = oldest % capacity
      const start = slots.starts[slot]!
      // Let go already, or holding no bytes (no body, or an empty one).
      if (slots.ids[slot] !== oldest || start === -1 || slots.lengths[slot] === 0) continue
      if (!ring.overwrites(start, at, length)) return
      slots.drop(oldest)
    }
  }

  /**
   * Copies a body into the ring. Kept as it is instead, its length taken from
   * the ring all the same: a text with other characters than ASCII, and whole
   * bytes (a read cache's answer, given again and again: nothing to copy).
   */
  function write(id: number, slot: number, body: string | Uint8Array, whole: boolean): void {
    const length = typeof body === 'string' ? body.length : body.byteLength
    if (length === 0) return slots.place(slot, 0, 0)
    const at = ring.place(length)
    makeRoom(id, at, length)
    if (typeof body === 'string' ? !ring.writeAscii(body, at, length) : whole) slots.bodies[slot] = body
    else if (typeof body !== 'string') ring.writeBytes(body, at)
    ring.advance(at, length)
    slots.place(slot, at, length)
  }

  return {
    keep(id, answer) {
      const slot = id % capacity
      // The entry this slot held is no longer in the journal.
      slots.drop(slots.ids[slot] ?? 0)
      slots.ids[slot] = id
      if ('networkError' in answer) return slots.describe(slot, NETWORK_ERROR, undefined, false)
      // A large answer's pieces: only its first ones are built, to be cut below.
      const body = answer.body instanceof JsonPieces ? answer.body.head(RESPONSE_COPY_BYTES + 1) : answer.body
      if (body === undefined) return slots.describe(slot, answer.status, answer.contentType, false)
      const truncated = (typeof body === 'string' ? body.length : body.byteLength) > RESPONSE_COPY_BYTES
      slots.describe(slot, answer.status, answer.contentType, truncated)
      write(id, slot, truncated ? headOf(body) : body, !truncated)
    },
    get(id) {
      const slot = id % capacity
      if (slots.ids[slot] !== id) return undefined
      const contentType = slots.types[slot]
      const start = slots.starts[slot]!
      const kept = slots.bodies[slot]
      const bytes = start === -1 ? undefined : (kept ?? ring.view(start, slots.lengths[slot]!))
      const body = typeof bytes === 'string' ? bytes : bytes && (decoder ??= new TextDecoder()).decode(bytes)
      return {
        status: slots.statuses[slot]!,
        ...(contentType && { contentType }),
        ...(body !== undefined && { body }),
        truncated: slots.truncated[slot] === 1,
      }
    },
    clear() {
      slots.clear()
      ring.clear()
    },
    get bytes() {
      return ring.size
    },
  }
}

/** The most one body takes in the ring: 64 KiB (a longer one is cut; a text that is not ASCII takes its length in characters). */
const MOST_BYTES_OF_ONE = RESPONSE_COPY_BYTES

/** What each kept response is, by slot, in flat tables: nothing is made for an answer kept. */
interface Slots {
  readonly ids: number[]
  readonly statuses: number[]
  readonly types: (string | undefined)[]
  /** Where its body is in the ring; -1 for none. */
  readonly starts: number[]
  readonly lengths: number[]
  readonly truncated: Uint8Array
  /** A body kept as it is, not in the ring (its length held there all the same). */
  readonly bodies: (string | Uint8Array | undefined)[]
  /** Sets a slot's status, type and whether its body was cut; it holds no body until `place`. */
  describe(slot: number, status: number, type: string | undefined, truncated: boolean): void
  /** Sets where a slot's body is in the ring. */
  place(slot: number, start: number, length: number): void
  /** Lets go of the response of `id`, if it is still kept. */
  drop(id: number): void
  clear(): void
}

/**
 * The tables by slot. They grow as entries arrive rather than being made
 * whole (10,000 slots are half a megabyte a mock would allocate before its
 * first request); a slot is read only once its entry's id was written to it.
 */
function createSlots(capacity: number): Slots {
  const slots: Slots = {
    ids: [],
    statuses: [],
    types: [],
    starts: [],
    lengths: [],
    truncated: new Uint8Array(capacity),
    bodies: [],
    describe(slot, status, type, truncated) {
      slots.statuses[slot] = status
      slots.types[slot] = type
      slots.truncated[slot] = truncated ? 1 : 0
      slots.starts[slot] = -1
      slots.bodies[slot] = undefined
    },
    place(slot, start, length) {
      slots.starts[slot] = start
      slots.lengths[slot] = length
    },
    drop(id) {
      const slot = id % capacity
      if (id === 0 || slots.ids[slot] !== id) return
      slots.ids[slot] = 0
      slots.bodies[slot] = undefined
      slots.starts[slot] = -1
    },
    clear() {
      slots.ids.fill(0)
      slots.bodies.fill(undefined)
      slots.starts.fill(-1)
    },
  }
  return slots
}

/** The first 64 KiB of a body longer than {@link RESPONSE_COPY_BYTES}, as bytes. */
function headOf(body: string | Uint8Array): Uint8Array {
  if (typeof body !== 'string') return body.subarray(0, RESPONSE_COPY_BYTES)
  const bytes = new Uint8Array(RESPONSE_COPY_BYTES)
  // Encoding stops when the bytes are full, but only after the whole string is flattened: give it no more characters than fit.
  const { written } = new TextEncoder().encodeInto(body.slice(0, RESPONSE_COPY_BYTES), bytes)
  return bytes.subarray(0, written)
}
