import type { IncomingMessage } from 'node:http'
import { createMockService } from '../../core/create-mock-service.js'
import { portOf, type ServicePort } from '../../core/service-port.js'
import { sessionIdOf } from './session-id.js'
import { createSessionServices, isSessionId } from './session-services.js'
import type { StandaloneServerOptions } from '../standalone-server-options.js'

/** The mock a request is answered by, or why its session id is refused. */
type SessionChoice = { readonly service: ServicePort } | { readonly refusal: string }

/** Picks each request's mock: the default one, or the session's its header, cookie or query names. */
export interface SessionSelector {
  select(request: IncomingMessage, upgrade: boolean): SessionChoice
  /** Closes every session's mock (not the default one). */
  close(): void
}

/**
 * The standalone server's sessions: a request naming a session
 * (`x-mock-session` header, `mock-session` cookie, `?mockSession=` on a
 * WebSocket upgrade) is answered by that session's own mock, created on
 * first use with the server's options; any other by the default mock. Give
 * the options the default mock's `storeBudget` and `controlBudget` so that
 * all of them share both (a dropped session's mock gives back what it held).
 *
 * @example
 * const sessions = selectSession(portOf(service), options)
 * const choice = sessions.select(request, false)
 */
export function selectSession(defaultService: ServicePort, options: StandaloneServerOptions): SessionSelector {
  const services = createSessionServices({
    create: () => portOf(createMockService(options)),
    // A dropped session's records leave the budget it shares with the default mock.
    dropped: (service) => service.store.release(),
    ...(options.maxSessions !== undefined && { maxSessions: options.maxSessions }),
    ...(options.sessionIdleMs !== undefined && { idleMs: options.sessionIdleMs }),
    ...(options.sessionNow !== undefined && { now: options.sessionNow }),
  })
  // A request naming no session (nearly all of them) gets this one choice, not a new object each.
  const byDefault: SessionChoice = { service: defaultService }
  return {
    select(request, upgrade) {
      const id = sessionIdOf(request, { upgrade })
      if (id === undefined) return byDefault
      if (!isSessionId(id)) {
        return {
          refusal: `The mock session id "${id.slice(0, 70)}" is not valid: use 1 to 64 letters, digits, ".", "_" or "-".`,
        }
      }
      return { service: services.get(id) }
    },
    close: () => services.close(),
  }
}
