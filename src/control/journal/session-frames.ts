import type { StreamConnection } from '../../events/stream-connection.js'
import { utf8Length } from '../../wire/json/utf8-length.js'
import { tellListeners } from '../tell-listeners.js'

/** One frame of a WebSocket session as the journal lists it. */
export interface SessionFrame {
  /** `sent` for a frame the mock sent the client, `received` for one the client sent the mock. */
  readonly direction: 'sent' | 'received'
  /** Milliseconds from the upgrade to the frame, by the process's monotonic clock. */
  readonly at: number
  /** The whole frame's length in bytes (UTF-8 for text), before any cut. */
  readonly size: number
  /** The frame's text, cut at 2 KiB (with `…`); empty for a binary frame. */
  readonly text: string
  /** Set for a binary frame the client sent (its bytes are not kept). */
  readonly binary?: true
}

/** The frames of a WebSocket session, both ways, as the journal's entry for it shows them. */
export interface SessionFrames {
  /** The frames kept, oldest first, in both directions. */
  readonly frames: readonly SessionFrame[]
  /** How many earlier frames of the session (either way) were let go, to stay within the bounds. */
  readonly dropped: number
}

/** One copilot answer read from a session's frames: its chunks joined into the text a user reads. */
export interface CopilotAnswer {
  /** The QGPT request it answers (or its conversation, for frames with no request). */
  readonly request: string
  readonly conversation: string
  /** The last status sent for it: IN-PROGRESS while it streams, then COMPLETED, STOPPED, FAILED… */
  readonly status: string
  readonly text: string
}

/** Frames kept for WebSocket sessions, shared by every session. */
export interface SessionFrameLog {
  /** Starts keeping a session's frames under its journal id. */
  open(connection: StreamConnection, id: number): void
  /** Keeps a frame a session was sent (the oldest kept frames go past the bounds). */
  sent(connection: StreamConnection, frame: string): void
  /** Keeps a frame the client sent on a session: its text, or the byte length of a binary one. */
  received(connection: StreamConnection, frame: string | number): void
  /** The frames kept of a session by journal id; undefined when none went either way. */
  of(id: number): SessionFrames | undefined
  /** About how many bytes the kept frames hold (their kept text and fields). */
  readonly bytes: number
  /** Lets go of the oldest kept frame when its session's journal id is below `id` (its entry let go); whether it did. */
  shedBefore(id: number): boolean
  /** Lets go of every kept frame (the journal was cleared). */
  clear(): void
  /** Hears of each frame a client sent, as kept, with its session; returns the function that stops listening. */
  subscribe(listener: (connection: StreamConnection, frame: SessionFrame) => void): () => void
}

/** The most frames kept for all sessions together and both ways, the most bytes, and the longest frame kept whole. */
const FRAMES_KEPT = 2000
const BYTES_KEPT = 1024 * 1024
const FRAME_TEXT = 2048

/** What one kept frame costs besides its text, roughly: its fields. */
const FRAME_OVERHEAD = 32

interface KeptFrame extends SessionFrame {
  readonly id: number
}

/**
 * The newest frames of WebSockets in both directions (2,000 of them, within
 * 1 MiB, each cut at 2 KiB), by the journal id of their session: what the
 * inspector lists in a WebSocket's journal entry, with each frame's time
 * since the upgrade and size. Keeping one costs one frame; `onKept` runs after
 * each one (the journal counts the frames' bytes in the pool it shares).
 *
 * @example
 * const frames = createSessionFrameLog()
 * frames.open(connection, journal.lastId)
 * frames.sent(connection, '{"iterable":[]}')
 * frames.received(connection, '{"question":{}}')
 */
export function createSessionFrameLog(onKept: () => void = () => undefined): SessionFrameLog {
  const ids = new WeakMap<StreamConnection, number>()
  const listeners = new Set<(connection: StreamConnection, frame: SessionFrame) => void>()
  let kept: KeptFrame[] = []
  let first = 0
  let bytes = 0
  const seen = new Map<number, number>()
  // One frame goes to every client of a stream: it is measured and cut once, not once per client.
  let lastFrame: string | undefined
  let lastKept = { size: 0, text: '' }
  function measured(frame: string): { size: number; text: string } {
    if (frame !== lastFrame) {
      lastFrame = frame
      lastKept = { size: utf8Length(frame), text: cut(frame) }
    }
    return lastKept
  }
  function keep(connection: StreamConnection, frame: Omit<KeptFrame, 'id' | 'at'>): void {
    const id = ids.get(connection)
    if (id === undefined) return
    const one: KeptFrame = { id, at: performance.now() - connection.startedAt, ...frame }
    kept.push(one)
    bytes += FRAME_OVERHEAD + frame.text.length
    seen.set(id, (seen.get(id) ?? 0) + 1)
    // A count per session, for as many sessions as frames are kept.
    if (seen.size > FRAMES_KEPT) seen.delete(seen.keys().next().value!)
    while (kept.length - first > FRAMES_KEPT || bytes > BYTES_KEPT) bytes -= FRAME_OVERHEAD + kept[first++]!.text.length
    compact()
    if (frame.direction === 'received' && listeners.size > 0) tellListeners(listeners, connection, withoutId(one))
    onKept()
  }
  function compact(): void {
    if (first > FRAMES_KEPT || (first > 0 && first === kept.length)) {
      kept = kept.slice(first)
      first = 0
    }
  }
  return {
    open: (connection, id) => void ids.set(connection, id),
    sent(connection, frame) {
      keep(connection, { direction: 'sent', ...measured(frame) })
    },
    received(connection, frame) {
      if (typeof frame === 'number') keep(connection, { direction: 'received', size: frame, text: '', binary: true })
      else keep(connection, { direction: 'received', ...measured(frame) })
    },
    of(id) {
      const frames: SessionFrame[] = []
      for (let at = first; at < kept.length; at++) {
        const { id: owner, ...frame } = kept[at]!
        if (owner === id) frames.push(frame)
      }
      const count = seen.get(id) ?? 0
      return count === 0 ? undefined : { frames, dropped: count - frames.length }
    },
    get bytes() {
      return bytes
    },
    shedBefore(id) {
      const oldest = kept[first]
      if (oldest === undefined || oldest.id >= id) return false
      bytes -= FRAME_OVERHEAD + oldest.text.length
      first++
      compact()
      return true
    },
    clear() {
      kept = []
      first = 0
      bytes = 0
      seen.clear()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A frame's text as kept: whole up to 2 KiB, else its first 2 KiB and `…` . */
const cut = (frame: string) => (frame.length > FRAME_TEXT ? `${frame.slice(0, FRAME_TEXT)}…` : frame)

/**
 * The texts of the frames the mock sent in a session, oldest first: what
 * `copilotAnswers` reads.
 *
 * @example
 * copilotAnswers(sentTexts(frames.frames))
 */
export function sentTexts(frames: readonly SessionFrame[]): string[] {
  return frames.filter((frame) => frame.direction === 'sent').map((frame) => frame.text)
}

/**
 * The copilot answers in a session's frames, in the order they began: each
 * answer's IN-PROGRESS chunks joined into its text, with its last status.
 *
 * @example
 * copilotAnswers(sentTexts(frames.frames))[0]?.text // 'Here is a debounce hook…'
 */
export function copilotAnswers(texts: readonly string[]): CopilotAnswer[] {
  const answers = new Map<string, { request: string; conversation: string; status: string; text: string }>()
  for (const text of texts) {
    let frame: { request?: string; conversation?: string; status?: string; question?: any }
    try {
      frame = JSON.parse(text) as typeof frame
    } catch {
      continue
    }
    if (typeof frame?.conversation !== 'string' || typeof frame.status !== 'string') continue
    const key = frame.request ?? frame.conversation
    const answer = answers.get(key) ?? {
      request: key,
      conversation: frame.conversation,
      status: frame.status,
      text: '',
    }
    answer.status = frame.status
    const chunk: unknown = frame.question?.answers?.iterable?.[0]?.text
    if (typeof chunk === 'string') answer.text += chunk
    answers.set(key, answer)
  }
  return [...answers.values()]
}

/** A kept frame as its listeners hear it, without the log's own id. */
function withoutId({ id: _id, ...frame }: KeptFrame): SessionFrame {
  return frame
}
