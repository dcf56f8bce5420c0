/**
 * What a plain GET (no WebSocket upgrade) on a stream path answers, naming the
 * stream and how to open it.
 *
 * @example
 * plainGetOnStreamText('/qgpt/stream', 'qgptStream') // 'GET /qgpt/stream is the WebSocket stream qgptStream: …'
 */
export function plainGetOnStreamText(path: string, id: string): string {
  return `GET ${path} is the WebSocket stream ${id}: open a WebSocket to ws://<host>${path} to receive its frames; a plain GET is not served.`
}
