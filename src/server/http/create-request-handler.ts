import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorAnswer, textAnswer } from '../../execution/answer.js'
import { answerRequest, type RequestContext } from './answer-request.js'
import { tooManyConnections } from './too-many-connections.js'
import type { ConnectionTracker } from './track-connections.js'

/**
 * The standalone server's `request` listener: a connection past the cap is
 * answered 503 and closed, any other request is counted in flight and
 * answered by the mock's router (the MCP entry points' too).
 *
 * @example
 * server.on('request', createRequestHandler(context, connections, 1024))
 */
export function createRequestHandler(
  context: RequestContext,
  connections: ConnectionTracker,
  maxConnections: number,
): (request: IncomingMessage, response: ServerResponse) => void {
  const { answers } = context
  return (request, response) => {
    if (connections.refuses(request.socket)) {
      request.resume()
      response.setHeader('connection', 'close')
      answers.add(response, textAnswer(503, tooManyConnections(maxConnections)))
      return
    }
    connections.answering(request, response)
    answerRequest(context, request, response).catch((error: unknown) => answers.add(response, errorAnswer(error)))
  }
}
