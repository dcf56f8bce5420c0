import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Answer } from '../../execution/answer.js'
import type { UpstreamForwarder } from '../../replay/recording/create-upstream-forwarder.js'

/**
 * The upstream's answer to a request the mock answered 501 (an operation of
 * the official client it does not implement) or that no operation of the mock
 * answers (`unknown`: a path of a newer client); any other answer is kept. The
 * request goes to the forwarder's upstream alone (a target that could name
 * another host answers 400, nothing sent), and a client that goes away
 * cancels it.
 *
 * @example
 * result = await forwardUnimplemented(context.proxy, { request, response }, rawUrl, body, result)
 */
export async function forwardUnimplemented(
  forwarder: UpstreamForwarder,
  { request, response }: { request: IncomingMessage; response: ServerResponse },
  url: string,
  body: string,
  answer: Answer,
  unknown = false,
): Promise<Answer> {
  if ('networkError' in answer || (answer.status !== 501 && !unknown)) return answer
  const gone = new AbortController()
  const abandoned = () => {
    if (!response.writableFinished) gone.abort()
  }
  response.once('close', abandoned)
  try {
    const forwarded = await forwarder.forward(
      { method: request.method ?? 'GET', url, headers: request.headers, body },
      gone.signal,
    )
    const contentType = forwarded.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1]
    return { status: forwarded.status, ...(contentType !== undefined && { contentType }), body: forwarded.body }
  } finally {
    response.off('close', abandoned)
  }
}
