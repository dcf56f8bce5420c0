import type { z } from 'zod'
import { MockServiceError } from '../../errors.js'
import { clientModelProblem } from '../../wire/client-models/client-model-problem.js'
import type { WireContext } from '../../wire/wire-types.js'
import type { OperationContext } from './define-operation.js'

/**
 * Reads an optional boolean query parameter (`true` / `false`).
 * Anything else is an INVALID_REQUEST error naming the parameter.
 *
 * @example
 * booleanQuery(request.query, 'transferables', true)
 */
export function booleanQuery(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = query.get(name)
  if (value === null || value === '') return fallback
  if (value === 'true') return true
  if (value === 'false') return false
  throw new MockServiceError(
    'INVALID_REQUEST',
    `Invalid query parameter "${name}": expected "true" or "false", got "${truncate(value)}".`,
  )
}

/**
 * The wire context of a request, with its `transferables` query flag (default true).
 *
 * @example
 * const wire = wireContext(context)
 */
export function wireContext(context: OperationContext): WireContext {
  return context.wire(booleanQuery(context.request.query, 'transferables', true))
}

/**
 * Validates a request body: first against the official client's model of that
 * name, all the way down (what the client requires is there, with the shape and
 * enum values it reads), then against the operation's schema. The error names
 * the model and the path of the first field at fault, so nothing a client's model
 * would reject is ever stored. `references` names top-level keys that only point
 * at a stored record the operation acts on (read by its id from the store): of
 * those only the `id` is required. `undefined` (no body) is passed to the schema as is.
 *
 * @example
 * const seed = parseBody(seededConversationInput, request.body, 'SeededConversation')
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  model: string,
  references: readonly string[] = [],
): z.output<S> {
  const problem = clientModelProblem(body, model, references)
  if (problem !== undefined) throw new MockServiceError('INVALID_REQUEST', `Invalid ${model} body: ${problem}.`)
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = issue?.path.length ? issue.path.join('.') : '(body)'
  throw new MockServiceError(
    'INVALID_REQUEST',
    `Invalid ${model} body: ${path}: ${issue?.message ?? 'does not match the model'}.`,
  )
}

/**
 * Reads a path parameter; ids over 1,000 characters or with control characters
 * are refused before they reach the store.
 *
 * @example
 * const id = pathId(request, 'conversation')
 */
export function pathId(context: OperationContext, name: string): string {
  const value = context.request.params[name]
  if (value === undefined || value === '') {
    throw new MockServiceError('INVALID_REQUEST', `Missing path parameter "${name}".`)
  }
  // eslint-disable-next-line no-control-regex
  if (value.length > 1000 || /[\u0000-\u001f]/.test(value)) {
    throw new MockServiceError('INVALID_REQUEST', `Invalid path parameter "${name}": "${truncate(value)}".`)
  }
  return value
}

function truncate(value: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = value.replace(/[\u0000-\u001f]/g, '?')
  return printable.length > 80 ? `${printable.slice(0, 80)}…` : printable
}
