import type { StubRow } from '../../live/connection.js'

/** The longest a body is shown in a stub's line before it is cut with "…". */
const SHOWN_BODY = 80

/**
 * What a stub matches, in a few words: its operation or its method and path,
 * then the query, headers, parameters and body it asks for.
 *
 * @example
 * stubMatches({ method: 'GET', path: '/asset/:asset', query: { a: '1' } }) // 'GET /asset/:asset?a=1'
 */
export function stubMatches(
  stub: Pick<StubRow, 'operation' | 'method' | 'path' | 'params' | 'query' | 'headers' | 'body'>,
): string {
  const target =
    stub.operation === undefined
      ? `${String(stub.method).toUpperCase()} ${String(stub.path)}`
      : stub.operation === '*'
        ? 'any operation'
        : stub.operation
  const query = stub.query && Object.keys(stub.query).length > 0 ? `?${new URLSearchParams(stub.query)}` : ''
  const parts = [`${target}${query}`]
  if (stub.params && Object.keys(stub.params).length > 0) parts.push(`params ${JSON.stringify(stub.params)}`)
  for (const [name, value] of Object.entries(stub.headers ?? {})) parts.push(`header ${name}: ${value}`)
  if (typeof stub.body === 'function') parts.push('a body its predicate accepts')
  else if (stub.body !== undefined) parts.push(`body like ${cut(JSON.stringify(stub.body))}`)
  return parts.join(', ')
}

/**
 * What a stub answers and for how long: its status, content type and body
 * (cut at 80 characters), then how many more requests it answers.
 *
 * @example
 * stubAnswers({ answer: { status: 404 }, remaining: 1 }) // 'answers 404, 1 more time'
 */
export function stubAnswers(stub: Pick<StubRow, 'answer' | 'remaining'>): string {
  const { answer } = stub
  const parts = [`answers ${String(answer.status ?? 200)}`]
  const type = Object.entries(answer.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  if (type) parts[0] += ` ${type}`
  if (answer.bodyFrom) parts.push('a body built in process')
  else if (answer.body !== undefined)
    parts.push(cut(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)))
  if (answer.delayMs !== undefined) parts.push(`after ${String(answer.delayMs)} ms`)
  const left = stub.remaining
  parts.push(left === null ? 'every time' : `${String(left)} more time${left === 1 ? '' : 's'}`)
  return parts.join(', ')
}

function cut(text: string): string {
  return text.length > SHOWN_BODY ? `${text.slice(0, SHOWN_BODY - 1)}…` : text
}
