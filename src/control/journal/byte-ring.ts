/**
 * One buffer written round and round: each write takes the bytes after the
 * last one, or those from the start once it no longer fits before the end.
 * The buffer grows (doubling) up to its capacity before it first wraps, so a
 * journal that keeps little holds little. What a write overwrites is its
 * owner's to let go of first (see `overwrites`).
 */
export interface ByteRing {
  /** Where a write of `length` bytes would go; grows the buffer when it can. */
  place(length: number): number
  /** Whether bytes kept at `start` lie where a write of `length` bytes at `at` goes, or in the end it skips to get there. */
  overwrites(start: number, at: number, length: number): boolean
  /** Writes text at `at` when every character is ASCII (it then fits in `length`); the characters written. */
  writeAscii(text: string, at: number, length: number): boolean
  /** Copies bytes to `at`. */
  writeBytes(bytes: Uint8Array, at: number): void
  /** Moves the write position past a write of `length` bytes at `at`. */
  advance(at: number, length: number): void
  /** The bytes kept at `start`, as a view (decode or copy them before the ring moves on). */
  view(start: number, length: number): Uint8Array
  clear(): void
  /** The bytes its buffer holds now, grown or not. */
  readonly size: number
}

/** The first size of a ring's buffer. */
const FIRST_BYTES = 64 * 1024

/**
 * Creates an empty ring of at most `capacity` bytes.
 *
 * @example
 * const ring = createByteRing(8 * 1024 * 1024)
 * const at = ring.place(5)
 */
export function createByteRing(capacity: number): ByteRing {
  let buffer = new Uint8Array(0)
  let head = 0
  const encoder = new TextEncoder()
  return {
    place(length) {
      if (head + length > buffer.length && buffer.length < capacity) {
        const grown = new Uint8Array(Math.min(capacity, Math.max(FIRST_BYTES, buffer.length * 2, head + length)))
        grown.set(buffer)
        buffer = grown
      }
      return head + length <= buffer.length ? head : 0
    },
    overwrites(start, at, length) {
      if (at === head) return start >= head && start < head + length
      // Wrapped: the end from the write position on is skipped, then the start is written.
      return start >= head || start < length
    },
    writeAscii(text, at, length) {
      const { read, written } = encoder.encodeInto(text, buffer.subarray(at, at + length))
      return read === text.length && written === text.length
    },
    writeBytes(bytes, at) {
      buffer.set(bytes, at)
    },
    advance(at, length) {
      head = at + length
    },
    view: (start, length) => buffer.subarray(start, start + length),
    clear() {
      buffer = new Uint8Array(0)
      head = 0
    },
    get size() {
      return buffer.length
    },
  }
}
