import type { ServicePort } from '../../core/service-port.js'

/** How many sessions the standalone server keeps by default; past that the least recently used is dropped. */
const DEFAULT_MAX_SESSIONS = 64
/** How long a session may go unused before it is dropped, by default: 10 minutes. */
const DEFAULT_SESSION_IDLE_MS = 10 * 60 * 1000

/**
 * The close code a dropped session's stream clients get: 1001 (Going Away),
 * with a reason saying why; a client that reconnects gets a fresh session.
 */
const SESSION_DROPPED = 1001

/** What a session id may be: letters, digits, `.`, `_` and `-`, 1 to 64 of them. */
const SESSION_ID = /^[\w.-]{1,64}$/

/** How the sessions are made, how many are kept and for how long. */
export interface SessionServicesOptions {
  /** Creates the mock of a new session. */
  create(id: string): ServicePort
  /** Most sessions kept at once (default 64); a new one past it drops the least recently used. */
  maxSessions?: number
  /** A session unused for this many milliseconds is dropped (default 10 minutes). */
  idleMs?: number
  /** Milliseconds now (default `Date.now`); inject one to drive idle drops in tests. */
  now?: () => number
  /** Called once a dropped session's mock is closed, to give back what it held. */
  dropped?(service: ServicePort): void
}

/** Mocks of their own for the sessions a header or cookie names, created on first use. */
export interface SessionServices {
  /**
   * The mock of a session, created on first use; throws a readable error
   * for an id that is not 1 to 64 letters, digits, `.`, `_` or `-`.
   */
  get(id: string): ServicePort
  /** The ids of the sessions kept now, least recently used first. */
  ids(): string[]
  /** Closes every session's mock and forgets them. */
  close(): void
}

/**
 * Keeps one mock service per session id, so that clients naming different
 * sessions never see each other's writes: bounded in number (the least
 * recently used is dropped past `maxSessions`) and dropped after `idleMs`
 * unused. Idle sessions are swept on each `get`, so no timer runs. A dropped
 * session's stream clients are closed with 1001 and a reason saying why, each
 * copilot answer first ended with its final frame (`STOPPED`). A session
 * whose mock fails to get ready (its records do not fit the store budget) is
 * dropped, so the next request naming it starts it afresh.
 *
 * @example
 * const sessions = createSessionServices({ create: () => portOf(createMockService()) })
 * await sessions.get('worker-1').store.count('conversation')
 */
export function createSessionServices(options: SessionServicesOptions): SessionServices {
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS
  const idleMs = options.idleMs ?? DEFAULT_SESSION_IDLE_MS
  const now = options.now ?? Date.now
  // Insertion order is use order: a session used again is moved to the end.
  const sessions = new Map<string, { service: ServicePort; usedAt: number }>()

  function drop(id: string, reason: string): void {
    const service = sessions.get(id)?.service
    sessions.delete(id)
    if (!service) return
    // Its copilot answers end with STOPPED, then its stream clients close: none is left open and silent.
    service.close({ code: SESSION_DROPPED, reason })
    options.dropped?.(service)
  }

  function create(id: string): ServicePort {
    const service = options.create(id)
    // Handled here at once, so a failed start is never an unhandled rejection; requests still see it.
    Promise.resolve(service.ready).catch(() => {
      if (sessions.get(id)?.service === service) drop(id, 'Mock session dropped: its mock failed to start.')
    })
    return service
  }

  function sweep(at: number): void {
    for (const [id, session] of sessions) {
      if (at - session.usedAt < idleMs) break
      drop(id, `Mock session dropped: unused for ${idleMs} ms (sessionIdleMs). Reconnect to start it afresh.`)
    }
  }

  return {
    get(id) {
      if (!SESSION_ID.test(id)) throw new Error(invalidSessionId(id))
      const at = now()
      sweep(at)
      const service = sessions.get(id)?.service ?? create(id)
      sessions.delete(id)
      sessions.set(id, { service, usedAt: at })
      while (sessions.size > maxSessions) {
        const reason = `Mock session dropped: least recently used past maxSessions (${maxSessions}). Reconnect to start it afresh.`
        drop(sessions.keys().next().value!, reason)
      }
      return service
    },
    ids: () => [...sessions.keys()],
    close() {
      for (const id of [...sessions.keys()]) drop(id, 'Mock session closed: the mock server is stopping.')
    },
  }
}

/**
 * Whether a session id is one the server takes.
 *
 * @example
 * isSessionId('worker-1') // true
 */
export function isSessionId(id: string): boolean {
  return SESSION_ID.test(id)
}

function invalidSessionId(id: string): string {
  const shown = id.length > 70 ? `${id.slice(0, 70)}…` : id
  return `Failed to select the mock session "${shown}": a session id is 1 to 64 letters, digits, ".", "_" or "-". Send x-mock-session with such an id.`
}
