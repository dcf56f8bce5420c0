import { http, HttpResponse, type RequestHandler } from 'msw'
import { executeOperation, type Execution, type ExecutionTarget } from '../http/execute-operation.js'
import type { Operation } from '../http/operation.js'

const RESOLVERS = { GET: http.get, POST: http.post, HEAD: http.head } as const

/**
 * MSW request handlers for operations, answering at `baseUrl`. Each handler
 * waits for `ready` (the store's first load) before it answers.
 *
 * @example
 * setupServer(...createMswHandlers(allOperations(), { baseUrl, store, ready }))
 */
export function createMswHandlers(
  operations: readonly Operation[],
  target: ExecutionTarget & { baseUrl: string; ready: Promise<void> },
): RequestHandler[] {
  const base = target.baseUrl.replace(/\/+$/, '')
  return operations.flatMap((operation) =>
    operation.paths.map((path) =>
      RESOLVERS[operation.method](`${base}${path}`, async ({ request, params }) => {
        await target.ready
        const url = new URL(request.url)
        const body = operation.method === 'POST' ? await request.text() : ''
        const result = await executeOperation(
          operation,
          { method: operation.method, path: url.pathname, params: stringParams(params), query: url.searchParams, body },
          target,
        )
        return toHttpResponse(result)
      }),
    ),
  )
}

function stringParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') result[name] = value
  }
  return result
}

function toHttpResponse(result: Execution): Response {
  if ('networkError' in result) return HttpResponse.error()
  if ('json' in result) {
    return new HttpResponse(JSON.stringify(result.json), {
      status: result.status,
      headers: { 'content-type': 'application/json' },
    })
  }
  if ('text' in result) return HttpResponse.text(result.text, { status: result.status })
  return new HttpResponse(null, { status: 204 })
}
