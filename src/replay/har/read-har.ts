import type { HarEntry } from './har-types.js'
import { normalizeTimestamp } from '../../store/clock-and-ids/normalize-timestamp.js'
import { HarError } from './har-error.js'

/** A HAR's entries, checked, and what reading it had to leave out. */
export interface HarLog {
  readonly entries: readonly HarEntry[]
  /** Sentences on what was left out (an incomplete last entry of a recorder that was stopped hard). */
  readonly notes: readonly string[]
}

/** How much of a HAR is read at most (the defaults: 256 Mi characters, 100,000 entries). */
export interface HarLimits {
  readonly maxChars?: number
  readonly maxEntries?: number
}

/** Largest HAR read, in characters (256 MiB). */
const MAX_HAR_CHARS = 256 * 1024 * 1024
/** Most entries read of one HAR. */
const MAX_HAR_ENTRIES = 100_000

/**
 * Parses and checks a HAR 1.2 log: every entry needs its start time, its
 * request's method and URL and its response's status, and a WebSocket
 * entry's `_webSocketMessages` their type, time and data. A file the
 * recorder was writing when it was killed (no closing brackets, maybe half a
 * last line) is read up to its last complete entry, said in `notes`; any
 * other bad input is a {@link HarError} naming the entry and the field.
 *
 * @example
 * const { entries } = readHar(await readFile('session.har', 'utf8'), 'session.har')
 */
export function readHar(text: string, file: string, limits: HarLimits = {}): HarLog {
  const maxChars = limits.maxChars ?? MAX_HAR_CHARS
  const maxEntries = limits.maxEntries ?? MAX_HAR_ENTRIES
  if (text.length > maxChars) {
    throw new HarError({
      file,
      problem: `it holds ${text.length} characters, more than the ${maxChars} read; record a shorter session`,
    })
  }
  const notes: string[] = []
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    parsed = readUnclosed(text, notes)
    if (parsed === undefined) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new HarError({ file, problem: `it is not complete JSON (${reason.replace(/\.$/, '')})` })
    }
  }
  const log = (parsed as { log?: unknown } | null)?.log as { entries?: unknown } | undefined
  if (typeof log !== 'object' || log === null)
    throw new HarError({ file, field: 'log', problem: 'a HAR holds one "log" object; this file has none' })
  if (!Array.isArray(log.entries))
    throw new HarError({ file, field: 'log.entries', problem: 'must be a list of entries' })
  if (log.entries.length > maxEntries) {
    throw new HarError({
      file,
      field: 'log.entries',
      problem: `holds ${log.entries.length} entries, more than the ${maxEntries} read; record a shorter session`,
    })
  }
  log.entries.forEach((entry: unknown, index) => checkEntry(entry, index, file))
  return { entries: log.entries as HarEntry[], notes }
}

/** A file the recorder left open: its opening line, then one entry per line; undefined for anything else. */
function readUnclosed(text: string, notes: string[]): unknown {
  const lines = text.split('\n')
  const opening = lines[0] ?? ''
  if (!opening.startsWith('{"log":') || !opening.endsWith('"entries":[')) return undefined
  const entries: unknown[] = []
  for (const line of lines.slice(1)) {
    if (line === ']}}' || line === '') break
    try {
      entries.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line))
    } catch {
      notes.push(
        `The HAR ends inside entry ${entries.length} (its recorder was stopped before closing the file): read the ${entries.length} entries before it and left that one out.`,
      )
      break
    }
  }
  if (notes.length === 0)
    notes.push(
      `The HAR has no closing brackets (its recorder was stopped before closing the file): read its ${entries.length} entries.`,
    )
  return { log: { entries } }
}

function checkEntry(entry: unknown, index: number, file: string): void {
  const fail = (field: string, problem: string): never => {
    throw new HarError({ file, entry: index, field, problem })
  }
  if (typeof entry !== 'object' || entry === null) fail('', 'must be an object')
  const { startedDateTime, request, response, _webSocketMessages: messages } = entry as Record<string, unknown>
  if (typeof startedDateTime !== 'string' || normalizeTimestamp(startedDateTime) === undefined) {
    fail('startedDateTime', `must be a date and time such as 2024-05-01T12:00:00.000Z, got ${shown(startedDateTime)}`)
  }
  const req = request as Record<string, unknown> | undefined
  if (typeof req !== 'object' || req === null) fail('request', 'is missing')
  if (typeof req!.method !== 'string') fail('request.method', `must be a method such as GET, got ${shown(req!.method)}`)
  if (typeof req!.url !== 'string' || !URL.canParse(req!.url))
    fail('request.url', `must be an absolute URL, got ${shown(req!.url)}`)
  const postData = req!.postData as Record<string, unknown> | undefined
  if (postData !== undefined && typeof postData.text !== 'string' && postData.text !== undefined)
    fail('request.postData.text', 'must be text')
  const res = response as Record<string, unknown> | undefined
  if (typeof res !== 'object' || res === null)
    fail('response', 'is missing (an entry the browser never got an answer for)')
  if (typeof res!.status !== 'number') fail('response.status', `must be a number, got ${shown(res!.status)}`)
  const content = res!.content as Record<string, unknown> | undefined
  if (content !== undefined && content.text !== undefined && typeof content.text !== 'string')
    fail('response.content.text', 'must be text')
  if (messages === undefined) return
  if (!Array.isArray(messages)) fail('_webSocketMessages', 'must be a list of messages')
  ;(messages as unknown[]).forEach((message, position) => {
    const { type, time, data } = (message ?? {}) as Record<string, unknown>
    const at = `_webSocketMessages[${position}]`
    if (type !== 'send' && type !== 'receive') fail(`${at}.type`, `must be "send" or "receive", got ${shown(type)}`)
    if (typeof time !== 'number') fail(`${at}.time`, `must be seconds since the epoch, got ${shown(time)}`)
    if (typeof data !== 'string') fail(`${at}.data`, `must be text, got ${shown(data)}`)
  })
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
