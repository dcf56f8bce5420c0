/** The status of a copilot frame while its answer is being written. */
const IN_PROGRESS = 'IN-PROGRESS'

/**
 * A copilot stream's frames with the text its model wrote taken out: each
 * answer's `text` made empty (a text still, so its type is compared), and a
 * run of IN-PROGRESS frames that are then the same kept as one (two models
 * write the same answer in different pieces). What is left is the answer's
 * shape: its request, conversation, statuses and fields.
 *
 * @example
 * shapeOfGeneratedText(['{"status":"IN-PROGRESS","question":{"answers":{"iterable":[{"text":"Hi"}]}}}'])
 * // ['{"status":"IN-PROGRESS","question":{"answers":{"iterable":[{"text":""}]}}}']
 */
export function shapeOfGeneratedText(frames: readonly string[]): string[] {
  const shaped: string[] = []
  let previous: string | undefined
  for (const text of frames) {
    const frame = parsedFrame(text)
    if (!frame) {
      shaped.push(text)
      previous = undefined
      continue
    }
    const answers = (frame.question as { answers?: { iterable?: unknown } } | undefined)?.answers?.iterable
    if (Array.isArray(answers)) {
      for (const answer of answers) {
        if (typeof answer === 'object' && answer !== null && typeof (answer as { text?: unknown }).text === 'string')
          (answer as { text: string }).text = ''
      }
    }
    const written = JSON.stringify(frame)
    if (frame.status === IN_PROGRESS && written === previous) continue
    shaped.push(written)
    previous = frame.status === IN_PROGRESS ? written : undefined
  }
  return shaped
}

function parsedFrame(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
