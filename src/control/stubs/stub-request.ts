import type { OperationInput } from '../../execution/execute-operation.js'
import type { StubRequest } from './stub-spec.js'
import { readJsonBody } from '../../execution/json-body.js'

/**
 * A request as stubs match it: its operation, method, path, parameters,
 * query and headers, and its body read as JSON (or as text when it is not
 * JSON) only when a stub asks for it.
 *
 * @example
 * stubs.take(stubRequestOf('assetSnapshot', input))
 */
export function stubRequestOf(operation: string, input: OperationInput): StubRequest {
  let body: { value: unknown } | undefined
  return {
    operation,
    method: input.method.toUpperCase(),
    path: input.path,
    params: input.params,
    query: input.query,
    header: (name) => input.header?.(name),
    get body() {
      body ??= { value: bodyValue(input.body) }
      return body.value
    },
  }
}

/** The body as JSON, within the same bounds as every body the mock parses; else its text. */
function bodyValue(text: string): unknown {
  if (text === '') return undefined
  const read = readJsonBody(text)
  return read.ok ? read.value : text
}
