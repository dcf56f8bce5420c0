import { z } from 'zod'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'
import { entryAt, MAX_PATH_LENGTH, readFileTree } from './file-system-part.js'

/** The machine part that records what the service was asked to open or show (and never did). */
const OPENS_PART = 'opens'

/** At most this many of each (URL opens, file opens, notifications) are kept; the oldest go first. */
const MAX_OPENS = 100

/** The longest URL the mock records. */
export const MAX_URL_LENGTH = 8192

/** The longest title, message or payload of a notification the mock records. */
export const MAX_NOTIFICATION_TEXT = 4096

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

const at = () => z.iso.datetime({ offset: true }).optional()
const notificationText = () => z.string().max(MAX_NOTIFICATION_TEXT).optional()

/**
 * The body of `POST /__mock/machine/opens`: each list sent replaces the one
 * kept (`[]` clears it; a list not sent stays), at most {@link MAX_OPENS}
 * long. A URL's `valid` and a file's `found` are worked out as the OS routes
 * do; `at` (ISO) defaults to now.
 *
 * @example
 * opensInput.parse({ urls: [], notifications: [{ id: 1, title: 'Saved' }] })
 */
export const opensInput = lazySchema(() =>
  z
    .object({
      urls: z
        .array(z.object({ url: z.string().min(1).max(MAX_URL_LENGTH), at: at() }).strict())
        .max(MAX_OPENS)
        .optional(),
      files: z
        .array(z.object({ path: z.string().min(1).max(MAX_PATH_LENGTH), at: at() }).strict())
        .max(MAX_OPENS)
        .optional(),
      notifications: z
        .array(
          z
            .object({
              id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
              title: notificationText(),
              message: notificationText(),
              payload: notificationText(),
              at: at(),
            })
            .strict(),
        )
        .max(MAX_OPENS)
        .optional(),
    })
    .strict(),
)

/** What {@link setOpens} is sent: the lists to replace. */
export type OpensInput = z.infer<typeof opensInput>

/**
 * Stages the lists the control plane sets, replacing those kept; answers the new state.
 *
 * @example
 * await store.write((tx) => setOpens(tx, { urls: [], files: [], notifications: [] }))
 */
export function setOpens(tx: Transaction, input: OpensInput): Opens {
  const now = tx.timestamp()
  const when = (time: string | undefined) => (time === undefined ? now : new Date(time).toISOString())
  const tree = readFileTree(tx)
  const current = readOpens(tx)
  return writePart(tx, OPENS_PART, {
    urls:
      input.urls?.map((open) => ({ url: open.url, valid: isBrowserUrl(open.url), at: when(open.at) })) ?? current.urls,
    files:
      input.files?.map((open) => ({ path: open.path, found: entryAt(tree, open.path).type, at: when(open.at) })) ??
      current.files,
    notifications:
      input.notifications?.map(({ at: time, ...notification }) => ({
        ...Object.fromEntries(Object.entries(notification).filter(([, value]) => value !== undefined)),
        id: notification.id,
        at: when(time),
      })) ?? current.notifications,
  })
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
