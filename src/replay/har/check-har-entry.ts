import { normalizeTimestamp } from '../../store/clock-and-ids/normalize-timestamp.js'
import { HarError } from './har-error.js'
import type { HarEntry } from './har-types.js'

/** Deepest nesting of a JSON body read (the service's own answers nest a dozen levels at most). */
const MAX_BODY_DEPTH = 256

/**
 * Checks one parsed entry of a HAR 1.2 log, and gives it typed: its start
 * time, its request's method and URL and its response's status, its bodies
 * (text, and JSON no deeper than {@link MAX_BODY_DEPTH}), and a WebSocket
 * entry's `_webSocketMessages` their type, time and data. A problem is a
 * {@link HarError} naming the entry, its request and the field; the walk is
 * iterative, so no input overflows the stack.
 *
 * @example
 * const entry = checkHarEntry(JSON.parse(line), 3, 'session.har')
 */
export function checkHarEntry(entry: unknown, index: number, file: string): HarEntry {
  const request = requestOf(entry)
  const fail = (field: string, problem: string): never => {
    throw new HarError({ file, entry: index, ...(request && { request }), field, problem })
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return fail('', `must be an object, got ${shown(entry)}`)
  const {
    startedDateTime,
    request: req,
    response: res,
    _webSocketMessages: messages,
  } = entry as Record<string, unknown>
  if (typeof startedDateTime !== 'string' || normalizeTimestamp(startedDateTime) === undefined) {
    fail('startedDateTime', `must be a date and time such as 2024-05-01T12:00:00.000Z, got ${shown(startedDateTime)}`)
  }
  if (!isObject(req)) return fail('request', `must be an object, got ${shown(req)}`)
  if (typeof req.method !== 'string') fail('request.method', `must be a method such as GET, got ${shown(req.method)}`)
  if (typeof req.url !== 'string' || !URL.canParse(req.url))
    fail('request.url', `must be an absolute URL, got ${shown(req.url)}`)
  if (req.postData !== undefined) {
    if (!isObject(req.postData)) fail('request.postData', `must be an object, got ${shown(req.postData)}`)
    else checkBody(req.postData, 'request.postData', fail)
  }
  if (res === undefined) fail('response', 'is missing (an entry the browser never got an answer for)')
  if (!isObject(res)) return fail('response', `must be an object, got ${shown(res)}`)
  if (typeof res.status !== 'number') fail('response.status', `must be a number, got ${shown(res.status)}`)
  if (res.content !== undefined) {
    if (!isObject(res.content)) fail('response.content', `must be an object, got ${shown(res.content)}`)
    else checkBody(res.content, 'response.content', fail)
  }
  if (messages !== undefined) checkMessages(messages, fail)
  return entry as HarEntry
}

/** An entry's request as `METHOD path`, for messages; undefined when it cannot be read. */
export function requestOf(entry: unknown): string | undefined {
  const request = isObject(entry) ? entry.request : undefined
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string') return undefined
  const path = URL.canParse(request.url) ? new URL(request.url).pathname : request.url
  return `${request.method.toUpperCase()} ${path.length > 80 ? `${path.slice(0, 77)}...` : path}`
}

type Fail = (field: string, problem: string) => never

function checkBody(body: Record<string, unknown>, at: string, fail: Fail): void {
  const { text, encoding } = body
  if (text === undefined) return
  if (typeof text !== 'string') return fail(`${at}.text`, `must be text, got ${shown(text)}`)
  if (encoding !== undefined && typeof encoding !== 'string')
    fail(`${at}.encoding`, `must be text such as "base64", got ${shown(encoding)}`)
  const decoded = encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text
  if (jsonDepth(decoded, MAX_BODY_DEPTH) > MAX_BODY_DEPTH)
    fail(`${at}.text`, `holds JSON nested more than ${MAX_BODY_DEPTH} levels deep, more than is read`)
}

function checkMessages(messages: unknown, fail: Fail): void {
  if (!Array.isArray(messages)) return fail('_webSocketMessages', `must be a list of messages, got ${shown(messages)}`)
  messages.forEach((message: unknown, position) => {
    const at = `_webSocketMessages[${position}]`
    if (!isObject(message)) return fail(at, `must be an object, got ${shown(message)}`)
    const { type, time, data } = message
    if (type !== 'send' && type !== 'receive') fail(`${at}.type`, `must be "send" or "receive", got ${shown(type)}`)
    if (typeof time !== 'number' || !Number.isFinite(time))
      fail(`${at}.time`, `must be a time since the epoch (seconds or milliseconds), got ${shown(time)}`)
    if (typeof data !== 'string') fail(`${at}.data`, `must be text, got ${shown(data)}`)
    const text = message.opcode === 2 ? Buffer.from(data as string, 'base64').toString('utf8') : (data as string)
    if (jsonDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH)
      fail(`${at}.data`, `holds JSON nested more than ${MAX_BODY_DEPTH} levels deep, more than is read`)
  })
}

/**
 * How deep the JSON in a text nests (0 for a scalar or a text that does
 * not start as a JSON object or list), counted without parsing it or recursing; counting stops past `limit`.
 *
 * @example
 * jsonDepth('{"a":[1]}', 256) // 2
 */
function jsonDepth(text: string, limit: number): number {
  const first = /\S/.exec(text.slice(0, 64))?.[0]
  if (first !== '{' && first !== '[') return 0
  let depth = 0
  let deepest = 0
  let inText = false
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (inText) {
      if (code === 0x5c) at++
      else if (code === 0x22) inText = false
    } else if (code === 0x22) inText = true
    else if (code === 0x7b || code === 0x5b) {
      depth++
      if (depth > deepest && (deepest = depth) > limit) return deepest
    } else if (code === 0x7d || code === 0x5d) depth--
  }
  return deepest
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A value as a message shows it: short, and never walked (an object or a list is named, not written out). */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return `a list of ${value.length}`
  if (typeof value === 'object' && value !== null) return 'an object'
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
