import { MockServiceError } from '../errors.js'
import type { Store } from '../store/create-store.js'
import type { Operation, OperationResult } from './operation.js'

/** A request as a runtime received it, before the body is parsed. */
export interface RawRequest {
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The body as text; empty when there was none. */
  readonly body: string
}

/**
 * Runs an operation on a raw request and always answers: malformed JSON and
 * domain errors become their status with a text message, anything unexpected a
 * 500 with a message and no stack trace.
 *
 * @example
 * const result = await executeOperation(operation, { params, query, body: '' }, store)
 */
export async function executeOperation(
  operation: Operation,
  raw: RawRequest,
  store: Store,
): Promise<OperationResult> {
  try {
    const body = parseJsonBody(raw.body)
    return await operation.run({ request: { params: raw.params, query: raw.query, body }, store })
  } catch (error) {
    return errorResult(error)
  }
}

/**
 * The answer for an error thrown while handling a request.
 *
 * @example
 * errorResult(new MockServiceError('GONE', 'Asset no longer exists and is Gone.')) // { status: 410, text: … }
 */
export function errorResult(error: unknown): OperationResult {
  if (error instanceof MockServiceError) return { status: error.status, text: error.message }
  const message = error instanceof Error ? error.message : String(error)
  return { status: 500, text: `Internal error in the mock service: ${message}` }
}

function parseJsonBody(body: string): unknown {
  if (body.trim() === '') return undefined
  try {
    return JSON.parse(body)
  } catch (error) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Malformed JSON body: ${error instanceof Error ? error.message : 'could not be parsed'}.`,
    )
  }
}
