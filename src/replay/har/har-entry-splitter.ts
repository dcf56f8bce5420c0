/** One entry of `log.entries`, as its bytes: where it is in the file, and its text. */
export interface EntryBytes {
  /** Its position in `log.entries`. */
  readonly index: number
  /** Its first byte's offset in the file. */
  readonly offset: number
  readonly bytes: Buffer
}

/** Where the splitter stands in the HAR's outer structure (the top object, `log`, `log.entries`). */
type Place = 'top' | 'log' | 'entries' | 'after'

/** What the splitter waits for next at the outer levels. */
type Expect = 'open' | 'key' | 'colon' | 'value' | 'comma' | 'end'

const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_LIST = 0x5b
const CLOSE_LIST = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a

/**
 * Splits a HAR's bytes, pushed in chunks of any size, into the entries of
 * its `log.entries`, each given whole to `onEntry` as soon as its last byte
 * arrives; every other value (`log.creator`, `log.pages`…) is checked as JSON
 * and let go. It keeps the bytes of one value at a time, so what it holds is
 * bounded by the largest value (refused past `maxValueBytes`), not by the
 * file, and it walks nesting with a counter, never recursion. A problem is
 * thrown as a sentence naming the byte offset; `end()` says whether the file
 * stopped inside `log.entries` (an unclosed recording) rather than throwing.
 *
 * @example
 * const splitter = new HarEntrySplitter((entry) => entries.push(JSON.parse(entry.bytes.toString('utf8'))), 16 * 1024 * 1024)
 * for await (const chunk of createReadStream('session.har')) splitter.push(chunk)
 * splitter.end()
 */
export class HarEntrySplitter {
  private place: Place = 'top'
  private expect: Expect = 'open'
  private key: string | undefined
  private offset = 0
  /** The value being read: its chunks so far, its start, its nesting and string state; undefined between values. */
  private value:
    | {
        parts: Buffer[]
        size: number
        start: number
        depth: number
        text: boolean
        escaped: boolean
        kind: 'entry' | 'key' | 'other'
      }
    | undefined
  private entries = 0
  private log = false
  private list = false

  constructor(
    private readonly onEntry: (entry: EntryBytes) => void,
    private readonly maxValueBytes: number,
  ) {}

  /** Whether the HAR has a `log` object, and in it an `entries` list. */
  get found(): { log: boolean; entries: boolean } {
    return { log: this.log, entries: this.list }
  }

  /** Entries given so far. */
  get count(): number {
    return this.entries
  }

  /** Reads the next bytes of the file. */
  push(chunk: Uint8Array): void {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    let at = 0
    while (at < buffer.length) {
      if (this.value) {
        at = this.readValue(buffer, at)
        continue
      }
      const byte = buffer[at]!
      at++
      if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue
      this.outer(byte, this.offset + at - 1)
      // A value starts at this byte: read it from here.
      if (this.value) at = this.readValue(buffer, at - 1)
    }
    this.offset += buffer.length
  }

  /**
   * The file's end: `'whole'` when the HAR closed; `'between'` or `'inside'`
   * when it stopped inside `log.entries`, between two entries or inside one
   * (a recorder stopped before closing the file); anything else is thrown.
   */
  end(): 'whole' | 'between' | 'inside' {
    if (this.place === 'after') return 'whole'
    if (this.place === 'entries') return this.value ? 'inside' : 'between'
    throw new Error(
      `it ends at byte ${this.offset}, before its ${this.place === 'top' ? 'top object' : '"log"'} closes`,
    )
  }

  /** A structural byte at the outer levels (not inside a value). */
  private outer(byte: number, position: number): void {
    const wrong = (wanted: string): never => {
      throw new Error(`found ${JSON.stringify(String.fromCharCode(byte))} at byte ${position} where ${wanted} goes`)
    }
    if (this.place === 'after') wrong('nothing (the HAR has ended)')
    if (this.expect === 'open') {
      if (byte !== OPEN_OBJECT) wrong('the HAR\'s opening "{"')
      this.expect = 'key'
      return
    }
    if (this.place === 'entries') {
      if (this.expect === 'comma' && byte === COMMA) this.expect = 'value'
      else if ((this.expect === 'comma' || this.expect === 'key') && byte === CLOSE_LIST) this.leave('log')
      else if (this.expect === 'value' || this.expect === 'key') this.begin(position, 'entry')
      else wrong('"," or "]" after an entry')
      return
    }
    const close = this.place === 'top' ? 'the HAR' : '"log"'
    if (this.expect === 'key') {
      if (byte === QUOTE) this.begin(position, 'key')
      else if (byte === CLOSE_OBJECT && this.key === undefined) this.leave(this.place === 'top' ? 'after' : 'top')
      else wrong(`a field name of ${close}`)
    } else if (this.expect === 'colon') {
      if (byte !== COLON) wrong(`":" after the field name "${this.key}"`)
      this.expect = 'value'
    } else if (this.expect === 'value') {
      if (this.place === 'top' && this.key === 'log' && byte === OPEN_OBJECT) this.enter('log')
      else if (this.place === 'log' && this.key === 'entries' && byte === OPEN_LIST) this.enter('entries')
      else this.begin(position, 'other')
    } else if (byte === COMMA) {
      this.expect = 'key'
      this.key = undefined
    } else if (byte === CLOSE_OBJECT) this.leave(this.place === 'top' ? 'after' : 'top')
    else wrong(`"," or "}" in ${close}`)
  }

  private enter(place: Place): void {
    if (place === 'log') this.log = true
    else this.list = true
    this.place = place
    this.expect = 'key'
    this.key = undefined
  }

  /** Closes the current level: back to the one around it, after the field that held it. */
  private leave(place: Place): void {
    this.place = place
    this.expect = place === 'after' ? 'end' : 'comma'
  }

  private begin(start: number, kind: 'entry' | 'key' | 'other'): void {
    this.value = { parts: [], size: 0, start, depth: 0, text: false, escaped: false, kind }
  }

  /** Reads bytes of the current value from `from`; gives the position after them (the value's end, or the chunk's). */
  private readValue(buffer: Buffer, from: number): number {
    const value = this.value!
    let at = from
    let done = false
    for (; at < buffer.length; at++) {
      if (value.text && !value.escaped) {
        // Inside a text, only a quote or a backslash matters: found natively rather than byte by byte.
        const next = this.nextSpecial(buffer, at)
        if (next === -1) {
          at = buffer.length
          break
        }
        at = next
      }
      const byte = buffer[at]!
      if (value.text) {
        if (value.escaped) value.escaped = false
        else if (byte === BACKSLASH) value.escaped = true
        else if (byte === QUOTE) {
          value.text = false
          if (value.depth === 0) {
            at++
            done = true
            break
          }
        }
        continue
      }
      if (byte === QUOTE) value.text = true
      else if (byte === OPEN_OBJECT || byte === OPEN_LIST) value.depth++
      else if (byte === CLOSE_OBJECT || byte === CLOSE_LIST) {
        if (value.depth === 0) break
        value.depth--
        if (value.depth === 0) {
          at++
          done = true
          break
        }
      } else if (value.depth === 0 && (byte === COMMA || byte <= 0x20)) break
    }
    value.parts.push(buffer.subarray(from, at))
    value.size += at - from
    if (value.size > this.maxValueBytes) {
      const what = value.kind === 'entry' ? `entry ${this.entries}` : 'a value'
      throw new Error(
        `${what}, from byte ${value.start}, is larger than the ${this.maxValueBytes} bytes read of one entry`,
      )
    }
    // A scalar ends at the byte after it, which may be in the next chunk: only a container or a text ends here for sure.
    if (done || at < buffer.length) this.finish()
    return at
  }

  /** Where the next quote and backslash of the chunk are, kept between calls so a chunk is searched once. */
  private marks = { buffer: undefined as Buffer | undefined, quote: -1, backslash: -1 }

  /** The position of the next quote or backslash from `from` in the chunk, -1 when there is none. */
  private nextSpecial(buffer: Buffer, from: number): number {
    const found = this.marks
    if (found.buffer !== buffer) {
      found.buffer = buffer
      found.quote = found.backslash = -2
    }
    if (found.quote !== -1 && found.quote < from) found.quote = buffer.indexOf(QUOTE, from)
    if (found.backslash !== -1 && found.backslash < from) found.backslash = buffer.indexOf(BACKSLASH, from)
    if (found.quote === -1) return found.backslash
    return found.backslash === -1 || found.quote < found.backslash ? found.quote : found.backslash
  }

  private finish(): void {
    const value = this.value!
    this.value = undefined
    // The chunks of a value are views of the pushed buffers: copied together, so they are let go once read.
    const bytes = Buffer.concat(value.parts, value.size)
    if (value.kind === 'entry') {
      this.onEntry({ index: this.entries++, offset: value.start, bytes })
      this.expect = 'comma'
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(bytes.toString('utf8'))
    } catch (error) {
      throw new Error(
        `the value from byte ${value.start} is not JSON (${error instanceof Error ? error.message : String(error)})`,
      )
    }
    if (value.kind === 'key') {
      this.key = parsed as string
      this.expect = 'colon'
    } else this.expect = 'comma'
  }
}
