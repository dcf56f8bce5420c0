import { bodyTooLarge } from '../execution/body-limit.js'

/**
 * Reads an intercepted request's body as UTF-8 text, as the standalone
 * server does: refused with a PAYLOAD_TOO_LARGE error (413) when its
 * content-length passes `limit` bytes, before any of it is read, or as soon
 * as the bytes read pass it; GET and HEAD bodies are read as empty.
 *
 * @example
 * const text = await readRequestText(request, service.maxBodyBytes)
 */
export async function readRequestText(request: Request, limit: number): Promise<string> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return ''
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) {
    stop(request.body.cancel())
    throw bodyTooLarge(limit)
  }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      stop(reader.cancel())
      throw bodyTooLarge(limit)
    }
    chunks.push(value)
  }
  return decode(chunks, size)
}

/** Lets go of the rest of a body without waiting: an interceptor's stream may never settle its cancel. */
function stop(cancelled: Promise<void>): void {
  cancelled.catch(() => undefined)
}

function decode(chunks: readonly Uint8Array[], size: number): string {
  if (chunks.length === 1) return new TextDecoder().decode(chunks[0])
  const whole = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    whole.set(chunk, at)
    at += chunk.byteLength
  }
  return new TextDecoder().decode(whole)
}
