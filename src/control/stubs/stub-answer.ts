import type { Answer } from '../../execution/answer.js'
import type { StubAnswer, StubRequest } from './stub-spec.js'

/** `{{params.asset}}`, `{{query.limit}}`, `{{headers.x-id}}`, `{{body.name}}`: a field of the request. */
const FIELD = /\{\{\s*(params|query|headers|body)((?:\.[\w-]+)+)\s*\}\}/g

/**
 * The answer a stub gives a request: its status (200 by default), headers
 * and body — text as it is, anything else as JSON — with the request's fields
 * filled into its strings, or the body `bodyFrom` builds.
 *
 * @example
 * stubAnswer({ body: { id: '{{params.asset}}' } }, request) // { status: 200, contentType: 'application/json', body: '{"id":"a1"}' }
 */
export function stubAnswer(answer: StubAnswer, request: StubRequest): Answer {
  const status = answer.status ?? 200
  const body = answer.bodyFrom ? answer.bodyFrom(request) : fill(answer.body, request)
  const headers = answer.headers ?? {}
  const named = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type')
  const contentType = named === undefined ? undefined : headers[named]
  const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== named))
  if (body === undefined) return { status, ...(contentType && { contentType }), headers: rest }
  const text = typeof body === 'string'
  return {
    status,
    contentType: contentType ?? (text ? 'text/plain; charset=utf-8' : 'application/json'),
    headers: rest,
    body: text ? body : JSON.stringify(body),
  }
}

/** A value with the request's fields filled into every string of it, at any depth (walked with a stack). */
function fill(value: unknown, request: StubRequest): unknown {
  if (typeof value === 'string') return fillText(value, request)
  if (typeof value !== 'object' || value === null) return value
  const root = structuredClone(value) as Record<string, unknown>
  const stack: Record<string, unknown>[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const key of Object.keys(node)) {
      const child = node[key]
      if (typeof child === 'string') node[key] = fillText(child, request)
      else if (typeof child === 'object' && child !== null) stack.push(child as Record<string, unknown>)
    }
  }
  return root
}

function fillText(text: string, request: StubRequest): string {
  return text.replace(FIELD, (_match, source: string, path: string) => {
    const [first, ...rest] = path.slice(1).split('.')
    const value = valueOf(source, first!, request)
    return String(rest.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), value) ?? '')
  })
}

function valueOf(source: string, name: string, request: StubRequest): unknown {
  if (source === 'params') return request.params[name]
  if (source === 'query') return request.query.get(name) ?? undefined
  if (source === 'headers') return request.header(name.toLowerCase())
  return isRecord(request.body) ? request.body[name] : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
