import type { IncomingMessage } from 'node:http'
import type { Answer } from '../../execution/answer.js'
import { forwardRequest } from '../../replay/recording/forward-request.js'

/**
 * The upstream's answer to a request the mock answered 501 (an operation of
 * the official client it does not implement); any other answer is kept.
 *
 * @example
 * result = await forwardUnimplemented('http://localhost:39300', request, rawUrl, body, result)
 */
export async function forwardUnimplemented(
  upstream: string,
  request: IncomingMessage,
  url: string,
  body: string,
  answer: Answer,
): Promise<Answer> {
  if ('networkError' in answer || answer.status !== 501) return answer
  const forwarded = await forwardRequest(upstream, {
    method: request.method ?? 'GET',
    url,
    headers: request.headers,
    body,
  })
  const contentType = forwarded.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  return { status: forwarded.status, ...(contentType !== undefined && { contentType }), body: forwarded.body }
}
