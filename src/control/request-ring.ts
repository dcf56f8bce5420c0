import { connectionEntry, type KeptConnection } from './connection-entry.js'
import { entryOf, type JournalEntry, type KeptRequest } from './journal-entry.js'

/**
 * The journal's storage: a ring of the newest requests and WebSockets, at
 * most `limit` of them within `byteLimit` bytes. A request is kept as its
 * record and made an entry when it is first read; a WebSocket as its live
 * connection, read afresh each time.
 */
export interface RequestRing {
  /** Keeps a request of about `size` bytes, dropping the oldest to make room; its slot, or -1 when none is kept. */
  push(kept: KeptRequest | KeptConnection, size: number): number
  /** The entry in a slot. */
  entryAt(slot: number): JournalEntry
  /** Every kept entry, oldest first. */
  entries(): JournalEntry[]
  /** The slot of the entry with id `id` when `lastId` is the newest id, or -1 for one no longer (or never) kept. */
  slotOf(id: number, lastId: number): number
  clear(): void
  readonly count: number
  readonly bytes: number
  readonly dropped: number
}

/**
 * Creates an empty ring of requests.
 *
 * @example
 * const ring = createRequestRing(10_000, 16 * 1024 * 1024)
 * ring.push(kept, size)
 */
export function createRequestRing(limit: number, byteLimit: number): RequestRing {
  let slots: (KeptRequest | KeptConnection | undefined)[] = []
  let sizes: number[] = []
  let start = 0
  let count = 0
  let bytes = 0
  let dropped = 0
  function dropOldest(): void {
    bytes -= sizes[start] ?? 0
    slots[start] = undefined
    start = (start + 1) % limit
    count--
    dropped++
  }
  const ring: RequestRing = {
    push(kept, size) {
      if (limit === 0) {
        dropped++
        return -1
      }
      if (count === limit) dropOldest()
      // The newest entry is kept whatever its size (at most 64 KiB of body), so ids stay consecutive.
      while (count > 0 && bytes + size > byteLimit) dropOldest()
      const slot = (start + count) % limit
      slots[slot] = kept
      sizes[slot] = size
      count++
      bytes += size
      return slot
    },
    entryAt(slot) {
      const kept = slots[slot]!
      if ('connection' in kept) return connectionEntry(kept)
      if (!('bodyText' in kept)) return kept
      const entry = entryOf(kept)
      slots[slot] = entry
      return entry
    },
    entries() {
      const list = new Array<JournalEntry>(count)
      for (let at = 0; at < count; at++) list[at] = ring.entryAt((start + at) % limit)
      return list
    },
    slotOf(id, lastId) {
      const at = id - (lastId - count + 1)
      return Number.isInteger(at) && at >= 0 && at < count ? (start + at) % limit : -1
    },
    clear() {
      slots = []
      sizes = []
      start = 0
      count = 0
      bytes = 0
      dropped = 0
    },
    get count() {
      return count
    },
    get bytes() {
      return bytes
    },
    get dropped() {
      return dropped
    },
  }
  return ring
}
