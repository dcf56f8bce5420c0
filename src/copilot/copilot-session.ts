import { MockServiceError } from '../errors.js'
import type { StreamSession } from '../events/stream-endpoint.js'
import { readCopilotCommand, type CopilotCommand } from './copilot-command.js'
import type { CopilotEnvironment } from './copilot-environment.js'
import { failedFrame, type CopilotFrame } from './copilot-frames.js'
import {
  endAnswer,
  finishAnswer,
  newAnswer,
  streamAnswer,
  type AnswerAsk,
  type StreamedAnswer,
} from './streamed-answer.js'

/** The most answers one connection streams at once (those storing their question count); more answer FAILED 429. */
const MAX_ANSWERS = 16

type Command<K extends CopilotCommand['kind']> = Extract<CopilotCommand, { kind: K }>

/** A `/qgpt/stream` connection, which its stream can also end at once (`finish`) before it closes the client. */
export interface CopilotSession extends StreamSession {
  /** Ends every answer now, each that has begun with its final frame (`STOPPED`), sending and storing nothing more. */
  finish(): void
}

/**
 * One client's connection to `/qgpt/stream`: each frame it sends is read as
 * a command and moves the session on. A question starts an answer (see
 * `streamAnswer`); a stop ends the answers of the request it names, else of
 * the conversation it names, else all of them, with `STOPPED`; a reset ends
 * every one with `RESET`; leaving stops them all; `finish()` ends them at
 * once, for a stream about to close its client. An answer is refused with
 * `FAILED` — and nothing stored — when its model cannot answer (400), its
 * conversation does not exist (404), its request id is already streaming on
 * this connection (409: request ids are kept apart), or 16 answers already are (429).
 *
 * @example
 * const session = createCopilotSession(environment, (frame) => socket.send(JSON.stringify(frame)))
 * session.receive('{"question":{"query":"Hi","relevant":{"iterable":[]}}}')
 */
export function createCopilotSession(
  environment: CopilotEnvironment,
  send: (frame: CopilotFrame) => void,
): CopilotSession {
  const answers = new Set<StreamedAnswer>()

  function receive(text: string): void {
    const command = readCopilotCommand(text)
    switch (command.kind) {
      case 'ask':
        return ask(command)
      case 'stop':
        return stop(command)
      case 'reset':
        return endEvery('RESET')
      case 'invalid':
        return send(failedFrame(command, 400, command.message))
    }
  }

  function ask(command: Command<'ask'>): void {
    const refusal = refusalOf(command, answers, environment)
    if (refusal) return send(failedFrame(refusal.target, refusal.statusCode, refusal.message))
    const answer = newAnswer(command)
    answers.add(answer)
    streamAnswer(answer, environment, send)
      .catch((error: unknown) => {
        const message = error instanceof MockServiceError ? error.message : 'The copilot failed to answer.'
        const target = { request: answer.request, conversation: answer.conversation ?? '' }
        send(failedFrame(target, 500, message))
      })
      .finally(() => answers.delete(answer))
  }

  function stop(command: Command<'stop'>): void {
    for (const answer of answers) if (stopNames(command, answer)) endAnswer(answer, 'STOPPED')
  }

  function endEvery(ending: 'STOPPED' | 'RESET'): void {
    for (const answer of answers) endAnswer(answer, ending)
  }

  // Every input is JSON text: a binary frame is named and refused, as a text frame that is not JSON is.
  function receiveBinary(byteLength: number): void {
    const message = `Invalid QGPTStreamInput: the frame is binary (${byteLength} bytes). Send each QGPTStreamInput as JSON in a text frame.`
    send(failedFrame({ conversation: '', request: undefined }, 400, message))
  }

  function finish(): void {
    for (const answer of answers) finishAnswer(answer, send)
  }

  return { receive, receiveBinary, leave: () => endEvery('STOPPED'), finish }
}

/** Why an answer cannot start, checked in order; undefined when it can. */
function refusalOf(ask: AnswerAsk, answers: ReadonlySet<StreamedAnswer>, environment: CopilotEnvironment) {
  const target = { request: ask.request, conversation: ask.conversation ?? '' }
  const refuse = (statusCode: number, message: string) => ({ target, statusCode, message })
  const modelRefusal = environment.modelRefusal(ask.question.model)
  if (modelRefusal) return refuse(400, modelRefusal)
  if (ask.conversation !== undefined && !environment.store.get('conversation', ask.conversation)) {
    return refuse(404, `No conversation with id "${ask.conversation}" exists.`)
  }
  if (ask.request !== undefined && [...answers].some((answer) => answer.request === ask.request)) {
    const message = `Request "${ask.request}" is streaming on this connection already. Give each question its own request id.`
    return refuse(409, message)
  }
  if (answers.size >= MAX_ANSWERS) {
    return refuse(429, `${MAX_ANSWERS} answers are streaming on this connection already.`)
  }
  return undefined
}

/** Whether a stop names an answer: by its request, else by its conversation, else every answer. */
function stopNames(command: Command<'stop'>, answer: StreamedAnswer): boolean {
  if (command.request !== undefined) return answer.request === command.request
  return command.conversation === undefined || answer.conversation === command.conversation
}
