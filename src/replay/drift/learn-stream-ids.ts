import { compareJson, type IdContext } from './compare-json.js'
import { shapeOfGeneratedText } from './generated-text-shape.js'
import type { ReplayedStream } from './replay-stream.js'

/** A stream the client wrote to, replayed, with its recorded frames (by shape) and how far its ids were learned. */
export interface WrittenStream {
  readonly stream: ReplayedStream
  /** The recorded frames, by shape (a run of IN-PROGRESS frames as one). */
  readonly recorded: readonly string[]
  /** Frames whose ids are learned so far. */
  learned: number
}

/**
 * Pairs the ids a copilot stream's frames name (the conversation a
 * question started, its request) with the recorded ones as soon as the
 * frames come, so the requests after them (`GET /conversation/{id}`) are
 * sent with the mock's ids. Frames are lined up by shape, one by one; what
 * they differ in is compared, and reported, once the replay ends.
 *
 * @example
 * learnStreamIds(written.values(), context)
 */
export function learnStreamIds(written: Iterable<WrittenStream>, context: IdContext): void {
  for (const entry of written) {
    if (entry.learned >= entry.recorded.length) continue
    const sent = shapeOfGeneratedText(entry.stream.frames)
    const upTo = Math.min(entry.recorded.length, sent.length)
    for (; entry.learned < upTo; entry.learned++) {
      const recorded = parsed(entry.recorded[entry.learned]!)
      const mock = parsed(sent[entry.learned]!)
      if (recorded !== undefined && mock !== undefined) compareJson(recorded, mock, context)
    }
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
