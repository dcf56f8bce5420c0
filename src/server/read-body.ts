import type { IncomingMessage } from 'node:http'
import { MockServiceError } from '../errors.js'

/**
 * Reads a request body as UTF-8 text, refusing one larger than `limit` bytes
 * (by its content-length, or as it arrives) with a PAYLOAD_TOO_LARGE error.
 * GET and HEAD bodies are drained and read as empty.
 *
 * @example
 * const body = await readBody(request, 16 * 1024 * 1024)
 */
export function readBody(request: IncomingMessage, limit: number): Promise<string> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    request.resume()
    return Promise.resolve('')
  }
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > limit) {
    request.resume()
    return Promise.reject(tooLarge(limit))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        request.removeAllListeners('data')
        request.resume()
        reject(tooLarge(limit))
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')))
    request.on('error', reject)
  })
}

function tooLarge(limit: number): MockServiceError {
  return new MockServiceError('PAYLOAD_TOO_LARGE', `Request body is larger than the limit of ${limit} bytes.`)
}
