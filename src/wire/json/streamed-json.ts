/**
 * One part of a {@link StreamedJson} value: a string is JSON text written as
 * it is (brackets, commas, keys), `{ value }` a value written as its JSON.
 */
export type StreamedPart = string | { readonly value: unknown }

/**
 * A JSON value too large to hold whole, written part by part: a writer (the
 * executor's `JsonPieces`) walks `parts()` and builds each value only when it
 * writes it, so an answer listing a million records never holds their wire
 * forms together. `JSON.stringify` reads it through `toJSON()`, whole, with
 * the same text. Each call of `parts()` starts again from the beginning.
 *
 * @example
 * class Two extends StreamedJson {
 *   *parts() { yield '['; yield { value: 1 }; yield ','; yield { value: 2 }; yield ']' }
 *   toJSON() { return [1, 2] }
 * }
 */
export abstract class StreamedJson {
  /** The value's text, part by part, in order. */
  abstract parts(): Iterable<StreamedPart>
  /** The value whole, as `JSON.stringify` writes it: the same text as `parts()`. */
  abstract toJSON(): unknown
}
