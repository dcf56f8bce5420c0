import {
  qgptStreamInput,
  questionOf,
  relevanceQuestionOf,
  type CopilotQuestion,
} from '../domain/inputs/copilot-inputs.js'

/** What one client frame on `/qgpt/stream` asks of the session. */
export type CopilotCommand =
  /** Answer a question, in the conversation it names (a new one when none) under the request id it gives. */
  | {
      readonly kind: 'ask'
      readonly question: CopilotQuestion
      readonly conversation: string | undefined
      readonly request: string | undefined
    }
  /** Stop the answers of one request, else of one conversation, else every answer. */
  | { readonly kind: 'stop'; readonly request: string | undefined; readonly conversation: string | undefined }
  /** End every answer with RESET. */
  | { readonly kind: 'reset' }
  /** A frame that asks nothing the service can do: answered FAILED with 400 and this message. */
  | {
      readonly kind: 'invalid'
      readonly conversation: string
      readonly request: string | undefined
      readonly message: string
    }

/**
 * Reads a client's text frame as a command: a `QGPTStreamInput` with
 * `reset`, `stop`, a `question`, or a `relevance` with `options.question`
 * (in that order of precedence). Anything else is an `invalid` command whose
 * message names what was wrong.
 *
 * @example
 * readCopilotCommand('{"stop":true,"request":"r-1"}') // { kind: 'stop', request: 'r-1', conversation: undefined }
 */
export function readCopilotCommand(text: string): CopilotCommand {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return invalid('', undefined, 'Invalid QGPTStreamInput: the frame is not JSON.')
  }
  const parsed = qgptStreamInput.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const at = issue?.path.length ? issue.path.join('.') : '(frame)'
    return invalid('', undefined, `Invalid QGPTStreamInput: ${at}: ${issue?.message ?? 'does not match the model'}.`)
  }
  const input = parsed.data
  if (input.reset) return { kind: 'reset' }
  if (input.stop) return { kind: 'stop', request: input.request, conversation: input.conversation }
  const question = input.question
    ? questionOf(input.question)
    : input.relevance?.options?.question
      ? relevanceQuestionOf(input.relevance)
      : undefined
  if (!question) {
    return invalid(
      input.conversation ?? '',
      input.request,
      'Invalid QGPTStreamInput: give a question, or a relevance with options.question, or stop or reset.',
    )
  }
  return { kind: 'ask', question, conversation: input.conversation, request: input.request }
}

function invalid(conversation: string, request: string | undefined, message: string): CopilotCommand {
  return { kind: 'invalid', conversation, request, message }
}
