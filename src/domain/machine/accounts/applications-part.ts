import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The applications part's name: sessions and the applications detected on the machine. */
const APPLICATIONS_PART = 'applications'

/** The most sessions the service keeps (open and closed); past it the oldest closed ones go. */
const MAX_SESSIONS = 64

/** An application session: opened, and closed once closed. */
export interface StoredSession {
  readonly id: string
  readonly opened: string
  readonly closed?: string
}

/** An application installed on the machine, as the service detects it. */
export interface ExternalApplication {
  readonly name: string
  readonly version?: string
}

interface ApplicationsState extends Record<string, unknown> {
  readonly sessions: readonly StoredSession[]
  readonly external: readonly ExternalApplication[]
}

/** What the machine has installed until a test says otherwise. */
const DEFAULT_EXTERNAL_APPLICATIONS: readonly ExternalApplication[] = [
  { name: 'Visual Studio Code', version: '1.95.3' },
  { name: 'Google Chrome', version: '131.0.6778.86' },
  { name: 'Obsidian', version: '1.7.7' },
  { name: 'Slack', version: '4.41.105' },
]

/** The applications Pieces has an integration for: what `GET /applications/external/related` picks. */
const RELATED =
  /visual studio code|vs ?code|jetbrains|intellij|pycharm|webstorm|chrome|firefox|edge|obsidian|sublime|neovim|jupyter|teams|azure data studio/i

/**
 * The applications part as stored.
 *
 * @example
 * readApplicationsPart(store).sessions
 */
export function readApplicationsPart(reader: Store | Transaction): ApplicationsState {
  return readPart(reader as Store, APPLICATIONS_PART, { sessions: [], external: DEFAULT_EXTERNAL_APPLICATIONS })
}

/**
 * Opens a session (`POST /applications/session/open`); refused when
 * {@link MAX_SESSIONS} are open at once.
 *
 * @example
 * const session = await store.write((tx) => openSession(tx))
 */
export function openSession(tx: Transaction): StoredSession {
  const state = readApplicationsPart(tx)
  let sessions = state.sessions
  if (sessions.length >= MAX_SESSIONS) {
    const closed = sessions.findIndex((session) => session.closed !== undefined)
    if (closed < 0) {
      throw new MockServiceError(
        'INVALID_REQUEST',
        `${MAX_SESSIONS} sessions are open. Close one first (POST /applications/session/close).`,
      )
    }
    sessions = sessions.filter((_, index) => index !== closed)
  }
  const session: StoredSession = { id: tx.id(), opened: tx.timestamp() }
  writePart(tx, APPLICATIONS_PART, { ...state, sessions: [...sessions, session] })
  return session
}

/**
 * Closes an open session (`POST /applications/session/close`); an unknown
 * or already closed one is refused.
 *
 * @example
 * const session = await store.write((tx) => closeSession(tx, id))
 */
export function closeSession(tx: Transaction, id: string): StoredSession {
  const state = readApplicationsPart(tx)
  const open = state.sessions.find((session) => session.id === id)
  if (!open) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `No session with id "${id.slice(0, 80)}". Send the id POST /applications/session/open answered.`,
    )
  }
  if (open.closed !== undefined) {
    throw new MockServiceError('INVALID_REQUEST', `The session "${id.slice(0, 80)}" is already closed.`)
  }
  const closed: StoredSession = { ...open, closed: tx.timestamp(open.opened) }
  writePart(tx, APPLICATIONS_PART, {
    ...state,
    sessions: state.sessions.map((session) => (session.id === id ? closed : session)),
  })
  return closed
}

/**
 * Sets the applications the machine has installed (the control plane).
 *
 * @example
 * await store.write((tx) => setExternalApplications(tx, [{ name: 'Zed' }]))
 */
export function setExternalApplications(tx: Transaction, external: readonly ExternalApplication[]): void {
  writePart(tx, APPLICATIONS_PART, { ...readApplicationsPart(tx), external })
}

/**
 * The detected applications Pieces integrates with.
 *
 * @example
 * relatedApplications(readApplicationsPart(store).external)
 */
export function relatedApplications(external: readonly ExternalApplication[]): ExternalApplication[] {
  return external.filter((application) => RELATED.test(application.name))
}
