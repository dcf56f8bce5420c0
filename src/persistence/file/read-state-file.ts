import { PERSISTED_FORMAT, PERSISTED_VERSION, STATE_FILE_VERSION } from '../persisted-format.js'
import { PersistedStateError } from '../persisted-state.js'
import { createLegacyStateScanner, type LegacyElement } from './legacy-state-scanner.js'

/** A state file as read, before validation: its records and tombstones by kind, and what could not be read. */
export interface RawStateFile {
  readonly records: Record<string, unknown[]>
  readonly gone: Record<string, string[]>
  /** The sequence number of the last logged write the file holds. */
  readonly seq: number
  /** The version the file is written in: 1 (one JSON text) or 2 (a line per record). */
  readonly version: number
  /** One line for each part of the file skipped: where it is and why it could not be read. */
  readonly skipped: string[]
}

/** The most of the file read before deciding which version it is: a header line is far shorter. */
const HEADER_BYTES = 64 * 1024
const NEWLINE = 0x0a

/**
 * Reads a state file a chunk at a time, never as one string: a version 2
 * file line by line, a version 1 file (one JSON text) record by record.
 * A line or record that cannot be read is skipped and said in `skipped`,
 * and the rest are read; a file cut short keeps everything before the cut.
 * A file that is not a state this mock wrote (another format or version,
 * not JSON) is a {@link PersistedStateError} naming `source`.
 *
 * @example
 * const raw = await readStateFile(createReadStream('/data/state.json'), '/data/state.json')
 */
export async function readStateFile(chunks: AsyncIterable<Uint8Array>, source: string): Promise<RawStateFile> {
  const iterator = chunks[Symbol.asyncIterator]()
  let head = Buffer.alloc(0)
  let done = false
  while (!done && head.length < HEADER_BYTES && !head.includes(NEWLINE)) {
    const next = await iterator.next()
    done = next.done === true
    if (!done) head = Buffer.concat([head, Buffer.from(next.value as Uint8Array)])
  }
  const rest: AsyncIterable<Buffer> = {
    async *[Symbol.asyncIterator]() {
      yield head
      while (!done) {
        const next = await iterator.next()
        done = next.done === true
        if (!done) yield Buffer.from(next.value as Uint8Array)
      }
    },
  }
  const newline = head.indexOf(NEWLINE)
  const header = headerOf(head.subarray(0, newline === -1 ? head.length : newline))
  if (header !== undefined) return readLines(rest, header, source)
  // A damaged header before lines of records: the lines are read, and every logged write replayed.
  if (
    newline !== -1 &&
    head
      .subarray(newline + 1)
      .toString('latin1')
      .startsWith('{"kind":')
  ) {
    const state = await readLines(rest, 0, source)
    state.skipped.unshift(`${source} line 1: it is not the header of a state file; the lines after it are read`)
    return state
  }
  return readLegacy(rest, source)
}

/** The seq of a version 2 header line, or undefined when the line is not one. */
function headerOf(line: Buffer): number | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(line.toString('utf8'))
  } catch {
    return undefined
  }
  const { format, version, seq } = (parsed ?? {}) as { format?: unknown; version?: unknown; seq?: unknown }
  if (format !== PERSISTED_FORMAT || version !== STATE_FILE_VERSION) return undefined
  return Number.isSafeInteger(seq) ? (seq as number) : 0
}

/** Reads a version 2 file: each line on its own, the header line first. */
async function readLines(chunks: AsyncIterable<Buffer>, seq: number, source: string): Promise<RawStateFile> {
  const state: RawStateFile = { records: {}, gone: {}, seq, version: STATE_FILE_VERSION, skipped: [] }
  let number = 0
  let read = 0
  let ended: number | undefined
  let pieces: Buffer[] = []
  const line = (bytes: Buffer): void => {
    number++
    if (number === 1 || bytes.length === 0) return
    const problem = ended !== undefined ? 'it comes after the end line' : addLine(state, bytes)
    if (typeof problem === 'number') ended = problem
    else if (problem) state.skipped.push(`${source} line ${number}: ${problem}`)
    else read++
  }
  for await (const chunk of chunks) {
    let start = 0
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      pieces.push(chunk.subarray(start, at))
      line(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces))
      pieces = []
      start = at + 1
    }
    if (start < chunk.length) pieces.push(chunk.subarray(start))
  }
  if (pieces.length > 0) line(Buffer.concat(pieces))
  if (ended === undefined) {
    state.skipped.push(
      `${source} line ${number}: the file ends without its end line: it was cut short after line ${number}, and what followed is lost`,
    )
  } else if (ended !== read + state.skipped.length) {
    state.skipped.push(`${source}: the file held ${ended} records and tombstones, ${read} of them could be read`)
  }
  return state
}

/** Adds a record or tombstone line; a problem when it is not one, the count of lines when it is the end line. */
function addLine(state: RawStateFile, bytes: Buffer): string | number | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    return `it is not JSON (${(error as Error).message})`
  }
  const { kind, record, gone, end } = (parsed ?? {}) as {
    kind?: unknown
    record?: unknown
    gone?: unknown
    end?: unknown
  }
  if (Number.isSafeInteger(end)) return end as number
  if (typeof kind !== 'string') return 'it names no record kind'
  if (typeof gone === 'string') (state.gone[kind] ??= []).push(gone)
  else if (typeof record === 'object' && record !== null && !Array.isArray(record))
    (state.records[kind] ??= []).push(record)
  else return 'it holds neither a record nor a tombstone'
  return undefined
}

/** Reads a version 1 file, one JSON text, record by record; its format and version are checked once read. */
async function readLegacy(chunks: AsyncIterable<Buffer>, source: string): Promise<RawStateFile> {
  const records: Record<string, unknown[]> = {}
  const gone: Record<string, string[]> = {}
  const skipped: string[] = []
  const scanner = createLegacyStateScanner((element) => {
    const problem = addElement(records, gone, element)
    if (problem)
      skipped.push(
        `${source} ${element.section}.${element.kind}[${element.index}] at byte ${element.offset}: ${problem}`,
      )
  })
  let empty = true
  for await (const chunk of chunks) {
    if (chunk.length > 0) empty = false
    scanner.push(chunk)
  }
  const skeleton = scanner.skeleton
  if (empty || !/^\s*\{/.test(skeleton)) {
    throw new PersistedStateError(
      `Failed to load the persisted state in ${source}: it is not JSON (it does not start with "{"). Fix or remove it; it was left as it is.`,
    )
  }
  if (!new RegExp(`"format"\\s*:\\s*"${PERSISTED_FORMAT}"`).test(skeleton)) {
    throw new PersistedStateError(
      `Failed to load the persisted state in ${source}: it is not a ${PERSISTED_FORMAT} file. Point to a file this mock wrote, or remove it.`,
    )
  }
  const version = /"version"\s*:\s*(-?[\d.]+|"[^"]*"|\w+)/.exec(skeleton)?.[1]
  if (version !== String(PERSISTED_VERSION)) {
    throw new PersistedStateError(
      `Failed to load the persisted state in ${source}: it is version ${version ?? 'undefined'}, this mock reads versions ${PERSISTED_VERSION} and ${STATE_FILE_VERSION}. Remove it to start from the fixtures.`,
    )
  }
  const cut = scanner.end()
  if (cut) skipped.push(`${source}: ${cut}`)
  return {
    records,
    gone,
    seq: Number(/"seq"\s*:\s*(\d+)/.exec(skeleton)?.[1] ?? 0),
    version: PERSISTED_VERSION,
    skipped,
  }
}

/** Adds a value of a version 1 file where it belongs; a problem when it cannot be read. */
function addElement(
  records: Record<string, unknown[]>,
  gone: Record<string, string[]>,
  element: LegacyElement,
): string | undefined {
  let value: unknown
  try {
    value = JSON.parse(element.json.toString('utf8'))
  } catch (error) {
    return `it is not JSON (${(error as Error).message})`
  }
  if (element.section === 'records') (records[element.kind] ??= []).push(value)
  else if (element.section === 'gone' && typeof value === 'string') (gone[element.kind] ??= []).push(value)
  else if (element.section === 'gone') return 'it is not an id'
  return undefined
}
