/** One value found inside a version 1 state: `records.<kind>[index]` or `gone.<kind>[index]`, as its JSON bytes. */
export interface LegacyElement {
  readonly section: string
  readonly kind: string
  readonly index: number
  /** Where its JSON starts in the file. */
  readonly offset: number
  readonly json: Buffer
}

/** Reads a version 1 state (one JSON text) a chunk at a time, handing each record on as soon as its bytes are read. */
export interface LegacyStateScanner {
  /** Scans the next bytes of the file. */
  push(chunk: Buffer): void
  /** The text around the records with each of them left out (`"records":0`): the format, version and seq. */
  readonly skeleton: string
  /** Whether the text ended where it was whole: else where and how it was cut short. */
  end(): string | undefined
}

/** The most of the text around the records kept to read the format, version and seq from. */
const MAX_SKELETON = 64 * 1024
/** The most of a key kept: kinds and section names are short. */
const MAX_KEY = 256

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPENS = new Set([0x7b, 0x5b])
const CLOSES = new Set([0x7d, 0x5d])
const BLANKS = new Set([0x20, 0x09, 0x0a, 0x0d])

/**
 * A scanner of a version 1 state file, `{"format","version","seq",
 * "records":{"<kind>":[…]},"gone":{"<kind>":[…]}}`, that never holds more
 * than one record's bytes: it follows strings and nesting byte by byte (the
 * bytes JSON structures with are ASCII, never part of a UTF-8 character)
 * and hands on each value three levels deep with the two keys above it.
 * Memory is one record, whatever the size of the file.
 *
 * @example
 * const scanner = createLegacyStateScanner((element) => records.push(JSON.parse(element.json.toString())))
 * for await (const chunk of createReadStream(file)) scanner.push(chunk)
 */
export function createLegacyStateScanner(onElement: (element: LegacyElement) => void): LegacyStateScanner {
  let depth = 0
  let inString = false
  let escaped = false
  let offset = 0
  let skeleton = ''
  const keys = ['', '', '']
  let key: number[] | undefined
  let pieces: Buffer[] | undefined
  let elementStart = 0
  let elementOffset = 0
  let index = 0

  function emit(chunk: Buffer, end: number): void {
    if (!pieces) return
    pieces.push(chunk.subarray(elementStart, end))
    onElement({ section: keys[1]!, kind: keys[2]!, index: index++, offset: elementOffset, json: Buffer.concat(pieces) })
    pieces = undefined
  }

  function keep(text: string): void {
    if (skeleton.length < MAX_SKELETON) skeleton += text
  }

  /** A byte outside any string: nesting, the start and end of a value three levels deep, and the skeleton. */
  function structural(byte: number, chunk: Buffer, at: number): void {
    if (depth === 3 && (byte === COMMA || CLOSES.has(byte))) emit(chunk, at)
    else if (depth === 3 && !pieces && !BLANKS.has(byte)) {
      pieces = []
      elementStart = at
      elementOffset = offset + at
    }
    if (byte === QUOTE) {
      inString = true
      if (depth === 1 || depth === 2) key = []
      if (depth <= 1) keep('"')
    } else if (OPENS.has(byte)) {
      // A value nested in the top object is kept as 0: the skeleton stays small, and JSON.
      if (depth <= 1) keep(depth === 0 ? String.fromCharCode(byte) : '0')
      if (depth === 2) index = 0
      depth++
    } else if (CLOSES.has(byte)) {
      depth = Math.max(0, depth - 1)
      if (depth === 0) keep(String.fromCharCode(byte))
    } else if (depth <= 1) keep(String.fromCharCode(byte))
  }

  return {
    push(chunk) {
      if (pieces) elementStart = 0
      // Inside a record's string only a quote or a backslash matters: the bytes between are skipped.
      let nextQuote = -1
      let nextBackslash = -1
      for (let at = 0; at < chunk.length; at++) {
        if (inString && !escaped && !key && depth > 1) {
          if (nextQuote < at) nextQuote = indexIn(chunk, QUOTE, at)
          if (nextBackslash < at) nextBackslash = indexIn(chunk, BACKSLASH, at)
          at = Math.min(nextQuote, nextBackslash)
          if (at === chunk.length) break
        }
        const byte = chunk[at]!
        if (!inString) {
          structural(byte, chunk, at)
          continue
        }
        if (escaped) escaped = false
        else if (byte === BACKSLASH) escaped = true
        else if (byte === QUOTE) {
          inString = false
          if (key) keys[depth] = Buffer.from(key).toString('utf8')
          key = undefined
          if (depth <= 1) keep('"')
          continue
        }
        if (key && key.length < MAX_KEY) key.push(byte)
        if (depth <= 1) keep(String.fromCharCode(byte))
      }
      if (pieces) pieces.push(chunk.subarray(elementStart))
      offset += chunk.length
    },
    get skeleton() {
      return skeleton
    },
    end() {
      if (depth === 0 && !inString) return undefined
      const what = pieces ? `inside ${keys[1]}.${keys[2]}[${index}]` : `at nesting depth ${depth}`
      return `the file ends at byte ${offset} ${what}: it was cut short, and what followed is lost`
    },
  }
}

/** Where `byte` next is in `chunk` from `from`, or the chunk's length when it is not there. */
function indexIn(chunk: Buffer, byte: number, from: number): number {
  const found = chunk.indexOf(byte, from)
  return found === -1 ? chunk.length : found
}
