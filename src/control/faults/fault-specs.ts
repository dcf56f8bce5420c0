import { invariant } from 'outvariant'
import { STREAM_NAMES, type StreamName } from '../../events/stream-paths.js'
import { quotedName } from '../../routes/closest-names.js'
import type { OperationName } from '../../routes/operation-names.js'
import { checkDelay, checkFields, copiedBody, describe, isDelay, isTimes, MAX_DELAY_MS } from './fault-spec-checks.js'

/** A failure to inject into one operation. */
export interface FaultSpec {
  /** The operation the fault applies to: the spec's id or the official client's method name. */
  operation: OperationName
  /** Answer with this status (200-599) instead of running the operation. */
  status?: number
  /**
   * The body of that answer: text as it is, an object or array as JSON
   * (default: a message naming the fault; none for 204, 205 and 304).
   */
  body?: string | object
  /** Wait this long before answering, or a random time in [min, max] drawn from the seeded generator. */
  delayMs?: number | { min: number; max: number }
  /** Fail at the network level (MSW's `HttpResponse.error()`; the standalone server drops the connection). */
  networkError?: boolean
  /** How many matching requests it applies to (default: every one). */
  times?: number
}

/** How a stream fault closes the sockets: a close code, or a code and a reason. */
type StreamClose = number | { code: number; reason?: string }

/** A failure to inject into a stream: an identifier stream, a status stream or the copilot's `qgpt`. */
export interface StreamFaultSpec {
  stream: StreamName
  /**
   * Close each client's socket instead of sending the frame: with a code
   * (1000 or 3000-4999), or `{ code, reason? }` (a reason of at most 123
   * UTF-8 bytes).
   */
  close?: StreamClose
  /** Drop the frame. */
  drop?: boolean
  /** Send the frame this many milliseconds late. */
  delayMs?: number
  /** How many frames it applies to (default: every one). */
  times?: number
}

/** A stream fault's spec as it is kept: its close, if any, as `{ code, reason? }`. */
export type CheckedStreamFaultSpec = Omit<StreamFaultSpec, 'close'> & { close?: { code: number; reason?: string } }

const FAULT_FIELDS = ['operation', 'status', 'body', 'delayMs', 'networkError', 'times']
const STREAM_FAULT_FIELDS = ['stream', 'close', 'drop', 'delayMs', 'times']
/** Statuses whose answers carry no body. */
export const BODYLESS_STATUSES = new Set([204, 205, 304])
/** The longest close reason a WebSocket close frame carries, in UTF-8 bytes. */
const MAX_CLOSE_REASON_BYTES = 123

/**
 * Checks everything about an operation fault that could keep it from
 * working, and throws a message naming what to fix; `resolveOperation` turns
 * the name into the operation id requests carry (or throws for an unknown
 * one).
 *
 * @example
 * checkFaultSpec({ operation: 'assetSnapshot', status: 503 }, names.resolve) // { operation: 'asset_snapshot', status: 503 }
 */
export function checkFaultSpec(spec: unknown, resolveOperation: (name: string) => string): FaultSpec {
  invariant(
    typeof spec === 'object' && spec !== null && !Array.isArray(spec),
    'Failed to add a fault: it is not an object. Pass { operation, status?, body?, delayMs?, networkError?, times? }.',
  )
  const { operation, status, body, delayMs, networkError, times } = spec as Record<string, unknown>
  invariant(
    typeof operation === 'string' && operation !== '',
    'Failed to add a fault: it names no operation. Pass the operation name, e.g. { operation: "asset_snapshot", status: 500 }.',
  )
  const what = `a fault to ${quotedName(operation)}`
  checkFields(spec, FAULT_FIELDS, what)
  const id = resolveOperation(operation)
  invariant(
    status === undefined || (Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599),
    'Failed to add %s: status %s is not an HTTP status an answer can have. Use a whole number from 200 to 599.',
    what,
    describe(status),
  )
  invariant(
    networkError === undefined || typeof networkError === 'boolean',
    'Failed to add %s: networkError is %s. Use true, or leave it out.',
    what,
    describe(networkError),
  )
  invariant(
    status !== undefined || delayMs !== undefined || networkError === true,
    'Failed to add %s: it has no effect. Give it a status, a delayMs or networkError: true.',
    what,
  )
  invariant(
    !(networkError === true && (status !== undefined || body !== undefined)),
    'Failed to add %s: a network error has no status or body. Give it networkError: true, or a status (and body).',
    what,
  )
  invariant(
    body === undefined || typeof body === 'string' || (typeof body === 'object' && body !== null),
    'Failed to add %s: body %s is neither text nor an object. Give it a string (sent as text) or an object or array (sent as JSON).',
    what,
    describe(body),
  )
  invariant(
    body === undefined || status !== undefined,
    'Failed to add %s: a body needs a status to answer with. Give it a status too.',
    what,
  )
  invariant(
    body === undefined || !BODYLESS_STATUSES.has(status as number),
    'Failed to add %s: a %s answer has no body. Leave the body out, or use another status.',
    what,
    status,
  )
  const copied = copiedBody(body, what)
  checkDelay(delayMs, what)
  invariant(
    isTimes(times),
    'Failed to add %s: times is %s, and must be a positive whole number. Leave it out for always.',
    what,
    describe(times),
  )
  return { ...(spec as FaultSpec), operation: id as OperationName, ...(copied && { body: copied }) }
}

/**
 * Checks everything about a stream fault that could keep it from working, and
 * throws a message naming what to fix; a close given as a code comes back as
 * `{ code }`.
 *
 * @example
 * checkStreamFaultSpec({ stream: 'assets', close: 4000 }) // { stream: 'assets', close: { code: 4000 } }
 */
export function checkStreamFaultSpec(spec: unknown): CheckedStreamFaultSpec {
  invariant(
    typeof spec === 'object' && spec !== null && !Array.isArray(spec),
    'Failed to add a stream fault: it is not an object. Pass { stream, close?, drop?, delayMs?, times? }.',
  )
  const { stream, close, drop, delayMs, times } = spec as Record<string, unknown>
  invariant(
    typeof stream === 'string' && (STREAM_NAMES as readonly string[]).includes(stream),
    'Failed to add a stream fault: %s is not a stream. Use one of %s.',
    describe(stream),
    STREAM_NAMES.join(', '),
  )
  const what = `a fault to the ${stream} stream`
  checkFields(spec, STREAM_FAULT_FIELDS, what)
  const closing = close === undefined ? undefined : checkClose(close, what)
  invariant(
    drop === undefined || typeof drop === 'boolean',
    'Failed to add %s: drop is %s. Use true, or leave it out.',
    what,
    describe(drop),
  )
  invariant(
    delayMs === undefined || isDelay(delayMs),
    'Failed to add %s: delayMs must be a number of milliseconds from 0 to %s.',
    what,
    MAX_DELAY_MS,
  )
  invariant(
    closing !== undefined || drop === true || (delayMs as number | undefined) !== undefined,
    'Failed to add %s: it has no effect. Give it close, drop: true or a delayMs.',
    what,
  )
  invariant(
    isTimes(times),
    'Failed to add %s: times is %s, and must be a positive whole number. Leave it out for always.',
    what,
    describe(times),
  )
  const { close: _given, ...rest } = spec as StreamFaultSpec
  return { ...rest, ...(closing && { close: closing }) }
}

/** A close as `{ code, reason? }`, from a code or such an object. */
function checkClose(close: unknown, what: string): { code: number; reason?: string } {
  const shapes = 'Give close a code (1000 or 3000-4999), or { code, reason? } with a reason of at most 123 UTF-8 bytes'
  const value = typeof close === 'number' ? { code: close } : close
  invariant(
    typeof value === 'object' && value !== null && !Array.isArray(value),
    'Failed to add %s: close is %s. %s.',
    what,
    describe(close),
    shapes,
  )
  const { code, reason, ...others } = value as Record<string, unknown>
  invariant(
    Object.keys(others).length === 0,
    'Failed to add %s: close has no field %s. %s.',
    what,
    Object.keys(others)
      .map((field) => `"${field}"`)
      .join(', '),
    shapes,
  )
  invariant(
    Number.isInteger(code) && (code === 1000 || ((code as number) >= 3000 && (code as number) <= 4999)),
    'Failed to add %s: close code %s cannot be sent by a server. %s.',
    what,
    describe(code),
    shapes,
  )
  invariant(
    reason === undefined ||
      (typeof reason === 'string' && new TextEncoder().encode(reason).byteLength <= MAX_CLOSE_REASON_BYTES),
    'Failed to add %s: the close reason %s is not text of at most 123 UTF-8 bytes. %s.',
    what,
    typeof reason === 'string' ? `of ${new TextEncoder().encode(reason).byteLength} bytes` : describe(reason),
    shapes,
  )
  return { code: code as number, ...(reason !== undefined && { reason: reason as string }) }
}
