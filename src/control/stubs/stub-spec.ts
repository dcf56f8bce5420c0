import { invariant } from 'outvariant'
import type { OperationName } from '../../routes/operation-names.js'

/** A request as a stub matches it and builds its answer from it. */
export interface StubRequest {
  /** The operation id the request was routed to. */
  readonly operation: string
  readonly method: string
  /** The path as sent, without the query. */
  readonly path: string
  /** Path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The body as JSON when it is JSON, else its text (`undefined` when there was none). */
  readonly body: unknown
  /** A request header by its name, when the transport hands headers on. */
  header(name: string): string | undefined
}

/** What a stub answers: a status, headers and a body (text, or JSON for anything else), after a delay. */
export interface StubAnswer {
  /** Default 200. */
  readonly status?: number
  readonly headers?: Readonly<Record<string, string>>
  /**
   * Text as it is, anything else as JSON. Strings in it may name fields of
   * the request — `{{params.asset}}`, `{{query.limit}}`, `{{headers.x-id}}`,
   * `{{body.name}}` — filled in for each request.
   */
  readonly body?: unknown
  /** In process: builds the body from the request (instead of `body`). */
  readonly bodyFrom?: (request: StubRequest) => unknown
  /** Milliseconds to wait before answering (default: the mock's latency). */
  readonly delayMs?: number
}

/**
 * A canned answer for the requests that match it: by operation (or `'*'`
 * for any) or by method and path (`/asset/:asset`), narrowed by path
 * parameters, query, headers and body (a partial JSON match, or a predicate
 * in process), for `times` requests (default every one).
 */
export interface StubSpec {
  readonly operation?: OperationName | '*'
  readonly method?: string
  readonly path?: string
  readonly params?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string>>
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: unknown
  readonly times?: number
  readonly answer: StubAnswer
}

const STUB_FIELDS = ['operation', 'method', 'path', 'params', 'query', 'headers', 'body', 'times', 'answer']
const ANSWER_FIELDS = ['status', 'headers', 'body', 'bodyFrom', 'delayMs']
/** The longest a stub may wait, as a latency setting. */
const MAX_STUB_DELAY_MS = 60_000
const USAGE =
  'Send { "operation" | "method" and "path", "params"?, "query"?, "headers"?, "body"?, "times"?, "answer": { "status"?, "headers"?, "body"?, "delayMs"? } }.'

/**
 * Checks everything about a stub that could keep it from working, and throws
 * a message naming what to fix (400 over HTTP).
 *
 * @example
 * checkStubSpec({ operation: 'assetSnapshot', params: { asset: 'a1' }, answer: { status: 404 } })
 */
export function checkStubSpec(spec: unknown): StubSpec {
  invariant(isObject(spec), 'Failed to add a stub: it is not an object. %s', USAGE)
  const unknownField = Object.keys(spec).find((key) => !STUB_FIELDS.includes(key))
  invariant(
    unknownField === undefined,
    'Failed to add a stub: it has no field "%s". %s',
    unknownField?.slice(0, 64),
    USAGE,
  )
  const { operation, method, path, times, answer } = spec as Partial<StubSpec>
  invariant(
    (operation === undefined) !== (method === undefined && path === undefined),
    'Failed to add a stub: it names %s. Give an operation (or "*"), or a method and a path. %s',
    operation === undefined ? 'neither an operation nor a method and path' : 'both an operation and a method or path',
    USAGE,
  )
  if (operation === undefined) {
    invariant(
      typeof method === 'string' && /^[A-Z]{3,7}$/i.test(method),
      'Failed to add a stub: method is not an HTTP method. Give one such as "GET".',
    )
    invariant(
      typeof path === 'string' && path.startsWith('/') && path.length <= 2048,
      'Failed to add a stub: path is not a path starting with "/". Give one such as "/asset/:asset".',
    )
  }
  for (const field of ['params', 'query', 'headers'] as const) checkTexts(field, spec[field])
  invariant(
    times === undefined || (Number.isSafeInteger(times) && times > 0),
    'Failed to add a stub: times is not a whole number above 0. Leave it out to answer every match.',
  )
  checkAnswer(answer)
  return spec as unknown as StubSpec
}

function checkAnswer(answer: unknown): void {
  invariant(isObject(answer), 'Failed to add a stub: it has no answer. %s', USAGE)
  const unknownField = Object.keys(answer).find((key) => !ANSWER_FIELDS.includes(key))
  invariant(
    unknownField === undefined,
    'Failed to add a stub: its answer has no field "%s". %s',
    unknownField?.slice(0, 64),
    USAGE,
  )
  const { status, delayMs, bodyFrom, body } = answer as StubAnswer
  invariant(
    status === undefined || (Number.isInteger(status) && status >= 200 && status <= 599),
    'Failed to add a stub: answer.status is not a status from 200 to 599.',
  )
  invariant(
    delayMs === undefined || (Number.isInteger(delayMs) && delayMs >= 0 && delayMs <= MAX_STUB_DELAY_MS),
    'Failed to add a stub: answer.delayMs is not a whole number of milliseconds from 0 to %s.',
    MAX_STUB_DELAY_MS,
  )
  invariant(
    bodyFrom === undefined || typeof bodyFrom === 'function',
    'Failed to add a stub: answer.bodyFrom is not a function.',
  )
  invariant(
    bodyFrom === undefined || body === undefined,
    'Failed to add a stub: its answer has both body and bodyFrom. Give one.',
  )
  checkTexts('answer.headers', (answer as StubAnswer).headers)
}

function checkTexts(field: string, value: unknown): void {
  invariant(
    value === undefined || (isObject(value) && Object.values(value).every((text) => typeof text === 'string')),
    'Failed to add a stub: %s is not an object of texts. Give one such as { "name": "value" }.',
    field,
  )
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
