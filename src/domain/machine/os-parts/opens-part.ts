import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that records what the service was asked to open or show (and never did). */
const OPENS_PART = 'opens'

/** At most this many of each (URL opens, file opens, notifications) are kept; the oldest go first. */
const MAX_OPENS = 100

/** A URL a client asked the service to open in the browser. */
interface UrlOpen {
  readonly [key: string]: unknown
  readonly url: string
  /** Whether the text is an absolute http(s) URL a browser would open. */
  readonly valid: boolean
  readonly at: string
}

/** A file a client asked the service to open with the machine's default app. */
interface FileOpen {
  readonly [key: string]: unknown
  readonly path: string
  /** What the virtual tree held at the path when it was asked: a file, a folder, or nothing (the OS's "not found"). */
  readonly found: 'file' | 'directory' | 'none'
  readonly at: string
}

/** A local notification a client asked the service to show. */
interface ShownNotification {
  readonly [key: string]: unknown
  readonly id: number
  readonly title?: string
  readonly message?: string
  readonly payload?: string
  readonly at: string
}

/** What the service was asked to open or show, oldest first, each list at most {@link MAX_OPENS} long. */
export interface Opens {
  readonly [key: string]: unknown
  readonly urls: readonly UrlOpen[]
  readonly files: readonly FileOpen[]
  readonly notifications: readonly ShownNotification[]
}

const INITIAL: Opens = Object.freeze({ urls: [], files: [], notifications: [] })

/**
 * What the service was asked to open or show since the last reset.
 *
 * @example
 * readOpens(store).urls.map((open) => open.url) // ['https://pieces.app']
 */
export function readOpens(store: Store | Transaction): Opens {
  return readPart(store, OPENS_PART, INITIAL)
}

/**
 * Stages one more open or notification in a write, letting the oldest of its
 * list go past {@link MAX_OPENS}.
 *
 * @example
 * await store.write((tx) => recordOpen(tx, 'urls', { url: 'https://pieces.app', valid: true, at: tx.timestamp() }))
 */
export function recordOpen<K extends 'urls' | 'files' | 'notifications'>(
  tx: Transaction,
  list: K,
  entry: Opens[K][number],
): Opens {
  const current = readOpens(tx)
  const kept = [...(current[list] as readonly unknown[]), entry].slice(-MAX_OPENS)
  return writePart(tx, OPENS_PART, { ...current, [list]: kept })
}

/**
 * Whether a text is an absolute http(s) URL, as a browser would open it.
 *
 * @example
 * isBrowserUrl('https://pieces.app') // true
 */
export function isBrowserUrl(text: string): boolean {
  if (!URL.canParse(text)) return false
  const { protocol } = new URL(text)
  return protocol === 'http:' || protocol === 'https:'
}
