import type { IncomingMessage } from 'node:http'
import { isLoopbackAddress, type RequestClient } from '../../core/access-policy.js'

/**
 * What the control API's access policy weighs of a client: its address, and the `Host` and `Origin` it sent.
 *
 * @example
 * const refusal = service.access.refusal('/__mock/state', clientOf(request))
 */
export function clientOf(request: IncomingMessage): RequestClient {
  const { host, origin } = request.headers
  return {
    loopback: isLoopbackAddress(request.socket.remoteAddress),
    ...(host !== undefined && { host }),
    ...(origin !== undefined && { origin }),
  }
}
