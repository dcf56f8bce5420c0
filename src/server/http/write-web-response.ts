import type { ServerResponse } from 'node:http'

/**
 * Writes a fetch `Response` to a node:http response: its status and
 * headers, then its body as it comes, with the socket's backpressure. A
 * client that goes away cancels the body (an event stream ends there).
 *
 * @example
 * await writeWebResponse(await mcp.handle(request), response)
 */
export async function writeWebResponse(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = { 'access-control-allow-origin': '*' }
  answer.headers.forEach((value, name) => (headers[name] = value))
  if (!answer.body) {
    response.writeHead(answer.status, headers)
    response.end()
    return
  }
  response.writeHead(answer.status, headers)
  // An event stream's first event goes out at once, not when a buffer fills.
  response.flushHeaders()
  const reader = answer.body.getReader()
  response.once('close', () => void reader.cancel().catch(() => undefined))
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (response.destroyed) return
      if (!response.write(value)) await new Promise((resolve) => response.once('drain', resolve))
    }
    response.end()
  } catch {
    response.destroy()
  }
}
