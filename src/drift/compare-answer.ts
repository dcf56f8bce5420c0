import type { HttpExchange } from '../har/har-exchanges.js'
import { clientModelProblem } from '../wire/client-model-problem.js'
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
    return exchange.responseText === answer.text
      ? []
      : [{ ...about, kind: 'value', field: '(body)', recorded: short(exchange.responseText), mock: short(answer.text) }]
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

/**
 * The differences between a recorded stream's frames and those the mock
 * sent: a frame missing or extra, and each frame's content.
 *
 * @example
 * compareFrames(stream, context)
 */
export function compareFrames(stream: ReplayedStream, context: IdContext): Difference[] {
  const { exchange, frames } = stream
  const about = { entry: exchange.entry, operation: exchange.path, request: `GET ${exchange.path} (stream)` }
  const recorded = exchange.messages.filter((message) => message.type === 'receive').map((message) => message.data)
  const found: Difference[] = []
  const length = Math.max(recorded.length, frames.length)
  for (let index = 0; index < length; index++) {
    const field = `frames[${index}]`
    const expected = recorded[index]
    const sent = frames[index]
    if (sent === undefined)
      found.push({ ...about, kind: 'frames', field, recorded: short(expected!), mock: '(no frame)' })
    else if (expected === undefined)
      found.push({ ...about, kind: 'frames', field, recorded: '(no frame)', mock: short(sent) })
    else {
      const a = parsed(expected)
      const b = parsed(sent)
      if (a === undefined || b === undefined) {
        if (expected !== sent)
          found.push({ ...about, kind: 'value', field, recorded: short(expected), mock: short(sent) })
        continue
      }
      for (const difference of compareJson(a.value, b.value, context)) {
        found.push({
          ...about,
          ...difference,
          field: `${field}${difference.field === '(body)' ? '' : `.${difference.field}`}`,
        })
      }
    }
  }
  return found
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
