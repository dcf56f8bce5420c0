import type { Answer } from '../execution/answer.js'

/** The response of one journal entry, as the journal kept it. */
export interface ResponseCopy {
  /** The status answered; 0 for a network error. */
  readonly status: number
  readonly contentType?: string
  /** The body as text, cut at {@link RESPONSE_COPY_BYTES} bytes (or characters of text); undefined when there was none. */
  readonly body?: string
  /** True when the body was longer than what is kept. */
  readonly truncated: boolean
}

/** The most of one response body the journal keeps: 64 KiB (65,536 characters of a text body). */
const RESPONSE_COPY_BYTES = 64 * 1024

/** The most the journal keeps of all response bodies together: 8 MiB, the newest entries' first. */
const RESPONSE_COPIES_BYTES = 8 * 1024 * 1024

interface Kept {
  readonly status: number
  readonly contentType?: string | undefined
  /** The answer's own body when it fits (answers are never edited), or a copy of its first bytes. */
  readonly body?: string | Uint8Array | undefined
  readonly truncated: boolean
  readonly size: number
}

/** The bounded response bodies of the newest journal entries, by entry id. */
export interface ResponseCopies {
  keep(id: number, answer: Answer): void
  get(id: number): ResponseCopy | undefined
  clear(): void
}

/**
 * Keeps the responses of the newest `entries` journal entries for the
 * inspector: up to 64 KiB of each body (65,536 characters of text), and up to
 * 8 MiB of bodies in all, the oldest let go first. A body that fits is kept as the answer's own string or bytes
 * (no copy, nothing encoded or decoded on the request's path); a longer one as
 * a copy of its first 64 KiB.
 *
 * @example
 * const copies = createResponseCopies(10_000)
 * copies.keep(1, textAnswer(410, 'Asset no longer exists and is Gone.'))
 * copies.get(1)?.body // 'Asset no longer exists and is Gone.'
 */
export function createResponseCopies(entries: number): ResponseCopies {
  const kept = new Map<number, Kept>()
  let total = 0
  let encoder: TextEncoder | undefined
  let decoder: TextDecoder | undefined

  function bounded(body: string | Uint8Array): { body: string | Uint8Array; truncated: boolean; size: number } {
    if (typeof body !== 'string') {
      if (body.byteLength <= RESPONSE_COPY_BYTES) return { body, truncated: false, size: body.byteLength }
      return { body: body.slice(0, RESPONSE_COPY_BYTES), truncated: true, size: RESPONSE_COPY_BYTES }
    }
    // Text is measured in characters, so nothing is encoded for a body that fits; a longer one is
    // copied as bytes (a substring would keep the whole body alive).
    if (body.length <= RESPONSE_COPY_BYTES) return { body, truncated: false, size: body.length }
    const bytes = new Uint8Array(RESPONSE_COPY_BYTES)
    const { written } = (encoder ??= new TextEncoder()).encodeInto(body, bytes)
    return { body: bytes.slice(0, written), truncated: true, size: written }
  }

  return {
    keep(id, answer) {
      if ('networkError' in answer) {
        kept.set(id, { status: 0, truncated: false, size: 0 })
        if (kept.size > entries) kept.delete(kept.keys().next().value!)
        return
      }
      const copy = answer.body === undefined ? undefined : bounded(answer.body)
      const size = copy?.size ?? 0
      kept.set(id, {
        status: answer.status,
        contentType: answer.contentType,
        body: copy?.body,
        truncated: copy?.truncated ?? false,
        size,
      })
      total += size
      if (total <= RESPONSE_COPIES_BYTES && kept.size <= entries) return
      for (const [oldest, entry] of kept) {
        if (total <= RESPONSE_COPIES_BYTES && kept.size <= entries) break
        kept.delete(oldest)
        total -= entry.size
      }
    },
    get(id) {
      const found = kept.get(id)
      if (!found) return undefined
      const { body } = found
      return {
        status: found.status,
        ...(found.contentType && { contentType: found.contentType }),
        ...(body !== undefined && {
          body: typeof body === 'string' ? body : (decoder ??= new TextDecoder()).decode(body),
        }),
        truncated: found.truncated,
      }
    },
    clear() {
      kept.clear()
      total = 0
    },
  }
}
