import { StreamedJson } from './streamed-json.js'

/**
 * Sizes already counted, kept by whoever owns the values: the wire renderer
 * keeps the sizes of the wire forms it keeps, which are never edited, so a
 * form read again is not walked again. It may keep a form's JSON text too,
 * once the form has been answered whole, so that answering it again does not
 * serialize it again.
 */
export interface KnownSizes {
  /** The size counted before for `value`, if it is one whose size is kept. */
  sizeOf(value: object): number | undefined
  /** Keeps `size` for `value` if it is one whose size is kept (anything else is left alone). */
  counted(value: object, size: number): void
  /** The JSON text kept for `value`, if it was answered whole before and its text is kept. */
  textOf(value: object): string | undefined
  /** Keeps `text`, the JSON of `value` answered whole, if `value` is one whose text is kept. */
  written(value: object, text: string): void
}

/**
 * True when `value` serializes to about `limit` characters or fewer, told
 * without serializing it: the walk stops as soon as the count passes the
 * limit, so it costs at most what `limit` characters of JSON take to visit.
 * With `known`, a value whose size was counted before is not walked again,
 * and one counted whole now is handed to it.
 *
 * @example
 * fitsIn({ iterable: [] }, 1024) // true
 */
export function fitsIn(value: unknown, limit: number, known?: KnownSizes): boolean {
  return sizeUpTo(value, limit, known) <= limit
}

/** About how many characters `value` serializes to, counted only until it passes `limit`. */
function sizeUpTo(value: unknown, limit: number, known: KnownSizes | undefined): number {
  if (typeof value === 'string') return value.length + 2
  if (typeof value !== 'object' || value === null) return 8
  if (value instanceof StreamedJson) return streamedSizeUpTo(value, limit, known)
  const before = known?.sizeOf(value)
  if (before !== undefined) return before
  const size = Array.isArray(value) ? arraySizeUpTo(value, limit, known) : objectSizeUpTo(value, limit, known)
  if (known && size <= limit) known.counted(value, size)
  return size
}

function arraySizeUpTo(list: readonly unknown[], limit: number, known: KnownSizes | undefined): number {
  let size = 2
  for (const item of list) {
    size += 1 + sizeUpTo(item, limit - size, known)
    if (size > limit) return size
  }
  return size
}

function objectSizeUpTo(object: object, limit: number, known: KnownSizes | undefined): number {
  let size = 2
  for (const key in object) {
    size += key.length + 4 + sizeUpTo((object as Record<string, unknown>)[key], limit - size, known)
    if (size > limit) return size
  }
  return size
}

/** The size of a streamed value, building its parts only until the count passes `limit`. */
function streamedSizeUpTo(streamed: StreamedJson, limit: number, known: KnownSizes | undefined): number {
  let size = 0
  for (const part of streamed.parts()) {
    size += typeof part === 'string' ? part.length : sizeUpTo(part.value, limit - size, known)
    if (size > limit) return size
  }
  return size
}
