import type { StreamConnection } from '../../events/stream-connection.js'

/** The frames a WebSocket session was sent, as the journal's entry for it shows them. */
export interface SessionFrames {
  /** The frames kept, oldest first, each cut at 2 KiB. */
  readonly texts: readonly string[]
  /** How many earlier frames of the session were let go, to stay within the bounds. */
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
  /** The frames kept of a session by journal id; undefined when none were sent or kept. */
  of(id: number): SessionFrames | undefined
}

/** The most frames kept for all sessions together, the most bytes, and the longest frame kept whole. */
const FRAMES_KEPT = 2000
const BYTES_KEPT = 1024 * 1024
const FRAME_TEXT = 2048

/**
 * The newest frames sent on WebSockets (2,000 of them, within 1 MiB, each
 * cut at 2 KiB), by the journal id of their session: what the inspector
 * shows in a WebSocket's journal entry. Keeping one costs one frame.
 *
 * @example
 * const frames = createSessionFrameLog()
 * frames.open(connection, journal.lastId)
 * frames.sent(connection, '{"iterable":[]}')
 */
export function createSessionFrameLog(): SessionFrameLog {
  const ids = new WeakMap<StreamConnection, number>()
  let kept: { readonly id: number; readonly text: string }[] = []
  let first = 0
  let bytes = 0
  const sentTo = new Map<number, number>()
  return {
    open: (connection, id) => void ids.set(connection, id),
    sent(connection, frame) {
      const id = ids.get(connection)
      if (id === undefined) return
      const text = frame.length > FRAME_TEXT ? `${frame.slice(0, FRAME_TEXT)}…` : frame
      kept.push({ id, text })
      bytes += text.length
      sentTo.set(id, (sentTo.get(id) ?? 0) + 1)
      // A count per session, for as many sessions as frames are kept.
      if (sentTo.size > FRAMES_KEPT) sentTo.delete(sentTo.keys().next().value!)
      while (kept.length - first > FRAMES_KEPT || bytes > BYTES_KEPT) bytes -= kept[first++]!.text.length
      if (first > FRAMES_KEPT) {
        kept = kept.slice(first)
        first = 0
      }
    },
    of(id) {
      const texts: string[] = []
      for (let at = first; at < kept.length; at++) if (kept[at]!.id === id) texts.push(kept[at]!.text)
      const sent = sentTo.get(id) ?? 0
      return sent === 0 ? undefined : { texts, dropped: sent - texts.length }
    },
  }
}

/**
 * The copilot answers in a session's frames, in the order they began: each
 * answer's IN-PROGRESS chunks joined into its text, with its last status.
 *
 * @example
 * copilotAnswers(frames.texts)[0]?.text // 'Here is a debounce hook…'
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
