import { DEFAULT_MAX_BODY_BYTES } from './body-limit.js'

/**
 * The deepest nesting of arrays and objects a request body may have. Real
 * bodies of the service nest a dozen levels at most; far deeper JSON parses,
 * but serializing it again overflows the stack, so it is refused before
 * anything is parsed or stored.
 */
export const MAX_JSON_DEPTH = 64

/**
 * The fewest object keys a request body may have, in all its objects,
 * whatever the body limit. Each distinct key costs the parser microseconds
 * (an 800,000-key object takes seconds); bodies the client writes have a few
 * hundred, but a record the mock served, sent back (a conversation of 10,000
 * messages lists each id twice), has more: the bound grows with the body
 * limit ({@link BYTES_PER_KEY}).
 */
export const MAX_JSON_KEYS = 20_000

/**
 * One key allowed per this many bytes of the body limit: 262,144 keys within
 * the default 16 MiB (about 0.3 s of parsing at worst). A served record sent
 * back spends about 45 bytes per key (`{"id":"<uuid>"}` and `"<uuid>":n`), so
 * one that fits in the limit with 64 bytes a key or more is taken.
 */
const BYTES_PER_KEY = 64

/**
 * The most members (array elements and object values) a request body may
 * have, in all its arrays and objects: half a second of parsing at most. An
 * image sent as `bytes.raw` numbers of a megabyte fits.
 */
export const MAX_JSON_MEMBERS = 1_000_000

const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a

/** The bounds {@link jsonShapeProblem} holds a text to. */
export interface JsonShapeLimits {
  readonly depth: number
  readonly keys: number
  readonly members: number
}

/**
 * The bounds of a body under a body limit of `maxBodyBytes`: the depth and
 * members as always, one key per {@link BYTES_PER_KEY} bytes of the limit
 * (at least {@link MAX_JSON_KEYS}).
 *
 * @example
 * jsonLimitsFor(16 * 1024 * 1024).keys // 262144
 */
export function jsonLimitsFor(maxBodyBytes: number): JsonShapeLimits {
  const keys = Math.max(MAX_JSON_KEYS, Math.floor(maxBodyBytes / BYTES_PER_KEY))
  return { depth: MAX_JSON_DEPTH, keys, members: MAX_JSON_MEMBERS }
}

const LIMITS: JsonShapeLimits = jsonLimitsFor(DEFAULT_MAX_BODY_BYTES)

/**
 * What makes JSON text too costly to take, or undefined when nothing does:
 * nesting deeper than {@link MAX_JSON_DEPTH}, more keys than the limit's
 * (by default those of a 16 MiB body limit, {@link jsonLimitsFor}), more
 * members than {@link MAX_JSON_MEMBERS}. Found by
 * one pass over the text that stops at the first bound passed (no recursion,
 * nothing parsed; brackets, commas and colons inside strings do not count,
 * and a string's characters are skipped by a native search), so the check
 * costs far less than parsing.
 *
 * @example
 * jsonShapeProblem('[[[]]]', { depth: 2, keys: 10, members: 10 }) // 'it nests arrays and objects more than 2 levels deep…'
 * jsonShapeProblem('{"a":"[[[["}') // undefined
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = LIMITS): string | undefined {
  if (text.length <= limits.depth && text.length <= limits.keys && text.length <= limits.members) return undefined
  let depth = 0
  let keys = 0
  let members = 0
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === QUOTE) {
      at = closingQuote(text, at)
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limits.depth) return tooDeep(limits.depth)
      if (++members > limits.members) return tooMany(limits.members, 'members (array elements and object values)')
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--
    } else if (code === COMMA) {
      if (++members > limits.members) return tooMany(limits.members, 'members (array elements and object values)')
    } else if (code === COLON) {
      if (++keys > limits.keys) return tooMany(limits.keys, 'object keys')
    }
  }
  return undefined
}

/** Where the string opened at `open` ends (the text's end when it never does). */
function closingQuote(text: string, open: number): number {
  let at = open
  for (;;) {
    at = text.indexOf('"', at + 1)
    if (at === -1) return text.length
    let backslashes = 0
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return at
  }
}

const tooDeep = (limit: number): string =>
  `it nests arrays and objects more than ${limit} levels deep. Send a body nested ${limit} levels or less`

const tooMany = (limit: number, what: string): string =>
  `it has more than ${limit} ${what}, more than the mock reads in one request. Send a body of at most ${limit} ${what}`
