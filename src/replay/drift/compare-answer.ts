import type { HttpExchange } from '../har/har-exchanges.js'
import { clientModelProblem } from '../../wire/client-models/client-model-problem.js'
import { compareJson, type FoundDifference, type IdContext } from './compare-json.js'
import type { Difference } from './drift-types.js'
import type { ReplayedAnswer } from './replay-request.js'
import type { ReplayedStream } from './replay-stream.js'

/**
 * The differences between a recorded answer and the mock's: the status; for
 * a JSON answer, its shape against the client's model of the operation (on
 * either side) and each field; for a successful text answer, the text.
 * Error texts are not compared (their wording is the service's own).
 *
 * @example
 * compareAnswer(exchange, await replayRequest(service, exchange, ids), context)
 */
export function compareAnswer(exchange: HttpExchange, answer: ReplayedAnswer, context: IdContext): Difference[] {
  const about = {
    entry: exchange.entry,
    operation: exchange.operation.id,
    request: `${exchange.method} ${exchange.path}`,
  }
  if (answer.status !== exchange.status) {
    return [
      { ...about, kind: 'status', field: '(status)', recorded: String(exchange.status), mock: String(answer.status) },
    ]
  }
  if (exchange.status >= 300) return []
  const recorded = parsed(exchange.responseText)
  if (recorded === undefined) {
    // A text answer (the id `assetsDeleteAsset` answers) is compared as one value: a recorded id is paired.
    return compareJson(exchange.responseText, answer.text, context).map((difference) => ({
      ...about,
      ...difference,
      recorded: short(exchange.responseText),
      mock: short(answer.text),
    }))
  }
  const mock = parsed(answer.text)
  if (mock === undefined)
    return [
      { ...about, kind: 'value', field: '(body)', recorded: short(exchange.responseText), mock: short(answer.text) },
    ]
  const found: FoundDifference[] = []
  const model = exchange.operation.returns
  const recordedProblem = clientModelProblem(recorded.value, model)
  if (recordedProblem) found.push({ kind: 'shape', field: fieldOf(recordedProblem), recorded: recordedProblem })
  const mockProblem = clientModelProblem(mock.value, model)
  if (mockProblem) found.push({ kind: 'shape', field: fieldOf(mockProblem), mock: mockProblem })
  found.push(...compareJson(recorded.value, mock.value, context))
  return found.map((difference) => ({ ...about, ...difference }))
}

/** How many frames ahead an extra or a missing frame is looked for before two frames are compared field by field. */
const FRAME_LOOKAHEAD = 8

/**
 * The differences between a recorded stream's frames and those the mock
 * sent, in order: a frame the mock sends and the service did not (or the
 * other way round) is one difference, found by looking a few frames ahead,
 * so the frames after it still line up; frames that line up but differ are
 * compared field by field.
 *
 * @example
 * compareFrames(stream, await index.received(stream.exchange), context)
 */
export function compareFrames(stream: ReplayedStream, recorded: readonly string[], context: IdContext): Difference[] {
  const { exchange, frames } = stream
  const about = { entry: exchange.entry, operation: exchange.path, request: `GET ${exchange.path} (stream)` }
  const same = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && frameDifferences(a, b, cloned(context), '').length === 0
  const found: Difference[] = []
  let i = 0
  let j = 0
  while (i < recorded.length || j < frames.length) {
    const expected = recorded[i]
    const sent = frames[j]
    if (expected === undefined || sent === undefined || same(expected, sent)) {
      if (expected === undefined)
        found.push({ ...about, kind: 'frames', field: `frames[${j}]`, recorded: '(no frame)', mock: short(sent!) })
      else if (sent === undefined)
        found.push({ ...about, kind: 'frames', field: `frames[${i}]`, recorded: short(expected), mock: '(no frame)' })
      else frameDifferences(expected, sent, context, `frames[${i}]`)
      if (expected !== undefined) i++
      if (sent !== undefined) j++
      continue
    }
    const ahead = lookAhead(recorded, frames, i, j, same)
    if (ahead?.side === 'mock') {
      for (let k = 0; k < ahead.by; k++)
        found.push({
          ...about,
          kind: 'frames',
          field: `frames[${j + k}]`,
          recorded: '(no frame)',
          mock: short(frames[j + k]!),
        })
      j += ahead.by
    } else if (ahead?.side === 'recorded') {
      for (let k = 0; k < ahead.by; k++)
        found.push({
          ...about,
          kind: 'frames',
          field: `frames[${i + k}]`,
          recorded: short(recorded[i + k]!),
          mock: '(no frame)',
        })
      i += ahead.by
    } else {
      for (const difference of frameDifferences(expected, sent, context, `frames[${i}]`))
        found.push({ ...about, ...difference })
      i++
      j++
    }
  }
  return found
}

/** The nearest resynchronisation: the mock sent `by` extra frames, or left out `by` recorded ones. */
function lookAhead(
  recorded: readonly string[],
  frames: readonly string[],
  i: number,
  j: number,
  same: (a: string | undefined, b: string | undefined) => boolean,
): { side: 'mock' | 'recorded'; by: number } | undefined {
  for (let by = 1; by <= FRAME_LOOKAHEAD; by++) {
    if (same(recorded[i], frames[j + by])) return { side: 'mock', by }
    if (same(recorded[i + by], frames[j])) return { side: 'recorded', by }
  }
  return undefined
}

function frameDifferences(expected: string, sent: string, context: IdContext, field: string): FoundDifference[] {
  const a = parsed(expected)
  const b = parsed(sent)
  if (a === undefined || b === undefined) {
    return expected === sent ? [] : [{ kind: 'value', field, recorded: short(expected), mock: short(sent) }]
  }
  return compareJson(a.value, b.value, context).map((difference) => ({
    ...difference,
    field: difference.field === '(body)' ? field : `${field}.${difference.field}`,
  }))
}

/** A copy of the id context to try a comparison on without learning from it. */
function cloned(context: IdContext): IdContext {
  return { ...context, ids: new Map(context.ids), paired: new Set(context.paired) }
}

function parsed(text: string): { value: unknown } | undefined {
  const first = text.trimStart()[0]
  if (first !== '{' && first !== '[') return undefined
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return undefined
  }
}

/** The field a client-model problem names: the path before " is required" / " must be". */
function fieldOf(problem: string): string {
  return /^(\S+) (is required|must be)/.exec(problem)?.[1] ?? '(body)'
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}
