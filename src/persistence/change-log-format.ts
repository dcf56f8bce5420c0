import { crc32 } from 'node:zlib'
import type { RecordKind, RecordOf } from '../store/schemas/schemas.js'

/** One record as a logged write left it: the record, or `null` when the write deleted it. */
export type LoggedChange = readonly [kind: RecordKind, id: string, record: RecordOf<RecordKind> | null]

/** The writes of one group commit: every change in order, and the sequence number of the last write. */
export interface LogFrame {
  readonly seq: number
  readonly changes: readonly LoggedChange[]
}

/** What a log's bytes hold: its whole frames, and where the good part ends. */
export interface DecodedLog {
  readonly frames: LogFrame[]
  /** Bytes of whole, checked frames from the start; what follows is a torn or foreign tail. */
  readonly validBytes: number
  /** Why the bytes after `validBytes` were dropped; absent when the log ends cleanly. */
  readonly tail?: string
}

/** Bytes before each frame's payload: its length and its CRC-32, both unsigned 32-bit little-endian. */
const HEADER_BYTES = 8

/**
 * One log frame: `length` (u32 LE) · `crc32(payload)` (u32 LE) · payload, the
 * JSON of `{ seq, changes }`. A frame cut short or changed after it was
 * written fails its length or checksum, so a torn tail is found on load.
 * The JSON is encoded once, straight into the frame after its header, and
 * the checksum read over those bytes: no copy of the payload is made.
 *
 * @example
 * await handle.write(encodeLogFrame(12, [['conversation', id, record]]))
 */
export function encodeLogFrame(seq: number, changes: readonly LoggedChange[]): Buffer {
  const json = JSON.stringify({ seq, changes })
  const frame = Buffer.allocUnsafe(HEADER_BYTES + Buffer.byteLength(json, 'utf8'))
  const length = frame.write(json, HEADER_BYTES, 'utf8')
  frame.writeUInt32LE(length, 0)
  frame.writeUInt32LE(crc32(frame.subarray(HEADER_BYTES)), 4)
  return frame
}

/**
 * Reads a log's frames in order, up to the zeros its segment was grown by
 * ahead of them, stopping at the first that is cut short,
 * fails its checksum, is not a frame, or does not move the sequence forward
 * (a stale frame past the end of a log written over after a failed append):
 * that frame and everything after it are the tail, dropped.
 *
 * @example
 * const { frames, validBytes, tail } = decodeLog(await readFile('state.json.log.1'))
 */
export function decodeLog(bytes: Uint8Array, afterSeq = 0): DecodedLog {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const frames: LogFrame[] = []
  let offset = 0
  let lastSeq = afterSeq
  while (offset < buffer.length) {
    // The zeros a segment is grown by ahead of its frames: the log ends here.
    if (zerosFrom(buffer, offset)) break
    if (buffer.length - offset < HEADER_BYTES) return cut(frames, offset, 'a frame header cut short')
    const length = buffer.readUInt32LE(offset)
    const end = offset + HEADER_BYTES + length
    if (end > buffer.length) return cut(frames, offset, 'a frame cut short')
    const payload = buffer.subarray(offset + HEADER_BYTES, end)
    if (crc32(payload) !== buffer.readUInt32LE(offset + 4)) return cut(frames, offset, 'a frame whose checksum fails')
    const frame = frameOf(payload)
    if (!frame) return cut(frames, offset, 'a frame that is not a list of changes')
    if (frame.seq <= lastSeq) return cut(frames, offset, 'a frame older than the one before it')
    frames.push(frame)
    lastSeq = frame.seq
    offset = end
  }
  return { frames, validBytes: offset }
}

/** True when every byte from `offset` on is 0 (a frame's header is not: it stops at its first byte that is not). */
function zerosFrom(buffer: Buffer, offset: number): boolean {
  for (let at = offset; at < buffer.length; at++) if (buffer[at] !== 0) return false
  return true
}

function cut(frames: LogFrame[], validBytes: number, tail: string): DecodedLog {
  return { frames, validBytes, tail }
}

/** The frame a checked payload holds, or undefined when it is not one. */
function frameOf(payload: Buffer): LogFrame | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(payload.toString('utf8'))
  } catch {
    return undefined
  }
  const { seq, changes } = (parsed ?? {}) as { seq?: unknown; changes?: unknown }
  if (!Number.isSafeInteger(seq) || !Array.isArray(changes)) return undefined
  const wellFormed = changes.every(
    (change) =>
      Array.isArray(change) &&
      change.length === 3 &&
      typeof change[0] === 'string' &&
      typeof change[1] === 'string' &&
      (change[2] === null || typeof change[2] === 'object'),
  )
  return wellFormed ? { seq: seq as number, changes: changes as LoggedChange[] } : undefined
}
