import { checkHarEntry } from './check-har-entry.js'
import { HarEntrySplitter } from './har-entry-splitter.js'
import { HarError } from './har-error.js'
import type { HarSource } from './har-source.js'
import type { HarEntry } from './har-types.js'

/** A HAR's entries, checked, and what reading it had to leave out. */
export interface HarLog {
  readonly entries: readonly HarEntry[]
  /** Sentences on what was left out (an incomplete last entry of a recorder that was stopped hard). */
  readonly notes: readonly string[]
}

/** One entry read: its position in `log.entries` and in the file, and the entry, checked. */
export interface ReadEntry {
  readonly index: number
  /** Its first byte's offset in the file, and its length in bytes: where to read it again. */
  readonly offset: number
  readonly length: number
  readonly entry: HarEntry
}

/** How much of a HAR is read at most (the defaults: 256 Mi characters, 100,000 entries of 80 MiB at most each). */
export interface HarLimits {
  readonly maxChars?: number
  readonly maxEntries?: number
  readonly maxEntryBytes?: number
}

/** Largest HAR text read, in characters (256 MiB). */
const MAX_HAR_CHARS = 256 * 1024 * 1024
/** Most entries read of one HAR. */
const MAX_HAR_ENTRIES = 100_000
/** Largest entry read, in bytes: the recorder's largest answer (64 MiB) and room for its request and escapes. */
const MAX_ENTRY_BYTES = 80 * 1024 * 1024

/**
 * Reads a HAR 1.2 log entry by entry, giving each to `onEntry` checked (see
 * {@link checkHarEntry}) as soon as it is read: what it holds at once is one
 * entry, whatever the file's size. A file the recorder was writing when it
 * was killed (no closing brackets, maybe half a last entry) is read up to
 * its last complete entry, said in `notes`; any other bad input is a
 * {@link HarError} naming the entry, its request and the field.
 *
 * @example
 * const { notes } = await readHarEntries(await openHarFile('session.har'), ({ index, entry }) => console.log(index, entry.request.url))
 */
export async function readHarEntries(
  source: HarSource,
  onEntry: (read: ReadEntry) => void,
  limits: HarLimits = {},
): Promise<{ notes: string[]; count: number }> {
  const reader = entryReader(source.name, limits, onEntry)
  for await (const chunk of source.chunks()) reader.push(chunk)
  return reader.end()
}

/**
 * Parses and checks a HAR 1.2 log held as text, as {@link readHarEntries}
 * reads a file, keeping every entry.
 *
 * @example
 * const { entries } = readHar(await readFile('session.har', 'utf8'), 'session.har')
 */
export function readHar(text: string, file: string, limits: HarLimits = {}): HarLog {
  const maxChars = limits.maxChars ?? MAX_HAR_CHARS
  if (text.length > maxChars) {
    throw new HarError({
      file,
      problem: `it holds ${text.length} characters, more than the ${maxChars} read; record a shorter session`,
    })
  }
  const entries: HarEntry[] = []
  const reader = entryReader(file, limits, ({ entry }) => entries.push(entry))
  reader.push(Buffer.from(text, 'utf8'))
  return { entries, notes: reader.end().notes }
}

/** The recorder's opening line (its entries follow one per line): a file it left open is read as far as it goes. */
const RECORDER_OPENING = /^\{"log":.*"entries":\[$/

function entryReader(file: string, limits: HarLimits, onEntry: (read: ReadEntry) => void) {
  const maxEntries = limits.maxEntries ?? MAX_HAR_ENTRIES
  let head = ''
  const splitter = new HarEntrySplitter(({ index, offset, bytes }) => {
    if (index >= maxEntries) {
      throw new HarError({
        file,
        field: 'log.entries',
        problem: `holds more than the ${maxEntries} entries read; record a shorter session`,
      })
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(bytes.toString('utf8'))
    } catch (error) {
      throw new HarError({ file, entry: index, problem: `is not JSON (${reason(error)})` })
    }
    onEntry({ index, offset, length: bytes.length, entry: checkHarEntry(parsed, index, file) })
  }, limits.maxEntryBytes ?? MAX_ENTRY_BYTES)
  const notJson = (error: unknown) =>
    error instanceof HarError ? error : new HarError({ file, problem: `it is not complete JSON (${reason(error)})` })
  return {
    push(chunk: Uint8Array) {
      if (head.length < 4096 && !head.includes('\n')) head += Buffer.from(chunk.subarray(0, 4096)).toString('utf8')
      try {
        splitter.push(chunk)
      } catch (error) {
        throw notJson(error)
      }
    },
    end(): { notes: string[]; count: number } {
      let ending: 'whole' | 'between' | 'inside'
      try {
        ending = splitter.end()
      } catch (error) {
        throw notJson(error)
      }
      const count = splitter.count
      if (ending === 'whole') {
        const { log, entries } = splitter.found
        if (!log)
          throw new HarError({ file, field: 'log', problem: 'a HAR holds one "log" object; this file has none' })
        if (!entries) throw new HarError({ file, field: 'log.entries', problem: 'must be a list of entries' })
        return { notes: [], count }
      }
      if (!RECORDER_OPENING.test(head.split('\n')[0]!)) {
        throw new HarError({
          file,
          problem: `it is not complete JSON (it ends ${ending === 'inside' ? `inside entry ${count}` : `after ${count} entries`}, before "log.entries" closes)`,
        })
      }
      const note =
        ending === 'inside'
          ? `The HAR ends inside entry ${count} (its recorder was stopped before closing the file): read the ${count} entries before it and left that one out.`
          : `The HAR has no closing brackets (its recorder was stopped before closing the file): read its ${count} entries.`
      return { notes: [note], count }
    },
  }
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '')
}
