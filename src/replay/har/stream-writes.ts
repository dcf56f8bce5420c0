import type { HarIndex } from './har-index.js'
import { namedIds } from './named-ids.js'

/** What a stream the client wrote to (a copilot question on `/qgpt/stream`) showed in one frame. */
interface StreamWrite {
  /** When the frame came, in milliseconds since the epoch. */
  readonly at: number
  /** The ids the frame names: the conversation, the request, the records it carries. */
  readonly ids: readonly string[]
}

/** The ids a recording's streams name, by whether the client wrote to the stream or only listened. */
export interface StreamIds {
  /** Frames of the streams the client sent messages on (a copilot question), in time order. */
  readonly writes: readonly StreamWrite[]
  /** Ids the frames of the streams it only listened to name (an identifier stream's records). */
  readonly listened: ReadonlySet<string>
}

/**
 * The ids the frames of a recording's streams name. A record a frame of a
 * stream the client wrote to names before any answer showed it was made by
 * the stream (the conversation a question without one starts, its
 * messages, the request); the streams it only listened to show records,
 * they do not make them.
 *
 * @example
 * const { writes, listened } = await streamIds(index)
 */
export async function streamIds(index: HarIndex): Promise<StreamIds> {
  const writes: StreamWrite[] = []
  const listened = new Set<string>()
  for (const summary of index.exchanges) {
    if (summary.type !== 'stream' || summary.received.length === 0) continue
    const texts = await index.received(summary)
    texts.forEach((text, position) => {
      const ids = namedIds(text)
      if (summary.sends.length === 0) for (const id of ids) listened.add(id)
      else if (ids.length > 0) writes.push({ at: summary.received[position] ?? summary.at, ids })
    })
  }
  return { writes: writes.sort((a, b) => a.at - b.at), listened }
}
