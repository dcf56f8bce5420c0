import { fitsIn } from '../wire/json/json-size.js'
import { StreamedJson } from '../wire/json/streamed-json.js'

/** About how many characters each piece of a large answer holds. */
const PIECE_CHARS = 64 * 1024

/**
 * A JSON answer too large to build as one string: its text, piece by piece,
 * exactly as `JSON.stringify` writes it whole. Parts of at most one piece are
 * serialized whole; larger arrays, objects and strings are walked, so no more
 * than about one piece is held at a time. Each iteration starts again from
 * the beginning (the value is never edited: records and wire forms are not
 * changed in place). A {@link StreamedJson} inside it (a list of records) is
 * written part by part, each record's wire form built as it is written.
 *
 * @example
 * const body = new JsonPieces({ iterable: messages })
 * for (const piece of body) socket.write(piece)
 */
export class JsonPieces implements Iterable<string> {
  constructor(readonly value: unknown) {}

  *[Symbol.iterator](): Iterator<string> {
    const pending = new Pending()
    yield* writeValue(this.value, pending)
    if (pending.size > 0) yield pending.take()
  }

  /**
   * The first `chars` characters of the text or more (the whole of it when
   * shorter), built from as few pieces as that takes.
   *
   * @example
   * new JsonPieces(value).head(65_536)
   */
  head(chars: number): string {
    const pieces: string[] = []
    let size = 0
    for (const piece of this) {
      pieces.push(piece)
      size += piece.length
      if (size >= chars) break
    }
    return pieces.join('')
  }
}

/** Pieces of text being gathered into the next piece. */
class Pending {
  private parts: string[] = []
  size = 0

  push(text: string): void {
    this.parts.push(text)
    this.size += text.length
  }

  take(): string {
    const piece = this.parts.join('')
    this.parts = []
    this.size = 0
    return piece
  }
}

/** Writes one value: whole when it fits in a piece, else walked; yields each piece once it is full. */
function* writeValue(value: unknown, pending: Pending): Generator<string, void, undefined> {
  if (value instanceof StreamedJson) {
    if (fitsIn(value, PIECE_CHARS)) pending.push(JSON.stringify(value) ?? 'null')
    else yield* writeStreamed(value, pending)
  } else if (!walkable(value) || fitsIn(value, PIECE_CHARS)) pending.push(JSON.stringify(value) ?? 'null')
  else if (typeof value === 'string') yield* writeString(value, pending)
  else if (Array.isArray(value)) yield* writeArray(value, pending)
  else yield* writeObject(value as Record<string, unknown>, pending)
  if (pending.size >= PIECE_CHARS) yield pending.take()
}

function* writeStreamed(streamed: StreamedJson, pending: Pending): Generator<string, void, undefined> {
  for (const part of streamed.parts()) {
    if (typeof part === 'string') pending.push(part)
    else yield* writeValue(part.value, pending)
    if (pending.size >= PIECE_CHARS) yield pending.take()
  }
}

function* writeArray(list: readonly unknown[], pending: Pending): Generator<string, void, undefined> {
  pending.push('[')
  for (let at = 0; at < list.length; at++) {
    if (at > 0) pending.push(',')
    const item = list[at]
    // JSON.stringify writes null for what JSON cannot hold, in an array.
    if (omitted(item)) pending.push('null')
    else yield* writeValue(item, pending)
  }
  pending.push(']')
}

function* writeObject(object: Record<string, unknown>, pending: Pending): Generator<string, void, undefined> {
  pending.push('{')
  let first = true
  for (const key of Object.keys(object)) {
    const item = object[key]
    // …and leaves the key out, in an object.
    if (omitted(item)) continue
    pending.push(`${first ? '' : ','}${JSON.stringify(key)}:`)
    first = false
    yield* writeValue(item, pending)
  }
  pending.push('}')
}

/** A long string in slices, each escaped on its own (never between the halves of a surrogate pair). */
function* writeString(text: string, pending: Pending): Generator<string, void, undefined> {
  pending.push('"')
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + PIECE_CHARS, text.length)
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--
    const slice = text.slice(start, end)
    // A slice with nothing to escape is its own JSON (one native scan tells), else JSON.stringify escapes it.
    pending.push(NEEDS_ESCAPE.test(slice) ? JSON.stringify(slice).slice(1, -1) : slice)
    start = end
    if (pending.size >= PIECE_CHARS) yield pending.take()
  }
  pending.push('"')
}

/** A character JSON.stringify writes escaped: a quote, a backslash, a control character, or a surrogate (escaped when alone). */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

/** What JSON.stringify leaves out of an object and writes as null in an array. */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

/** A string, or an array or plain object without `toJSON`: what can be written in parts. Anything else is written whole. */
function walkable(value: unknown): boolean {
  if (typeof value === 'string') return true
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return true
  const prototype: unknown = Object.getPrototypeOf(value)
  return (
    (prototype === Object.prototype || prototype === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  )
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
