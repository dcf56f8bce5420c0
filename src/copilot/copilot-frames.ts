/** A status a `QGPTStreamOutput` frame of the mock carries (the client's `QGPTStreamEnum`). */
type CopilotStatus = 'INITIALIZED' | 'IN-PROGRESS' | 'COMPLETED' | 'STOPPED' | 'RESET' | 'FAILED'

/** A `QGPTStreamOutput` as the mock sends it on `/qgpt/stream`. */
export interface CopilotFrame {
  readonly request?: string
  readonly conversation: string
  readonly status: CopilotStatus
  readonly question?: { readonly answers: { readonly iterable: ReadonlyArray<{ score: number; text: string }> } }
  readonly statusCode?: number
  readonly errorMessage?: string
}

/** Where a frame belongs: the answer's request id and conversation. */
export interface FrameTarget {
  readonly request: string | undefined
  readonly conversation: string
}

/**
 * A frame that only says where an answer stands: `INITIALIZED` before its
 * first chunk, or the `COMPLETED`, `STOPPED` or `RESET` that ends it.
 *
 * @example
 * statusFrame({ request: 'r-1', conversation: 'c-1' }, 'INITIALIZED')
 * // { request: 'r-1', conversation: 'c-1', status: 'INITIALIZED' }
 */
export function statusFrame(
  target: FrameTarget,
  status: 'INITIALIZED' | 'COMPLETED' | 'STOPPED' | 'RESET',
): CopilotFrame {
  return { ...requestOf(target), conversation: target.conversation, status }
}

/**
 * One chunk of an answer: its delta text in `question.answers.iterable[0].text`.
 *
 * @example
 * progressFrame({ request: 'r-1', conversation: 'c-1' }, 'Hello ')
 */
export function progressFrame(target: FrameTarget, text: string): CopilotFrame {
  return {
    ...requestOf(target),
    conversation: target.conversation,
    status: 'IN-PROGRESS',
    question: { answers: { iterable: [{ score: 1, text }] } },
  }
}

/**
 * The frame that ends an answer that could not be given, with the status code
 * and message saying why.
 *
 * @example
 * failedFrame({ request: undefined, conversation: '' }, 400, 'Invalid QGPTStreamInput: the frame is not JSON.')
 */
export function failedFrame(target: FrameTarget, statusCode: number, errorMessage: string): CopilotFrame {
  return { ...requestOf(target), conversation: target.conversation, status: 'FAILED', statusCode, errorMessage }
}

function requestOf(target: FrameTarget): { request?: string } {
  return target.request === undefined ? {} : { request: target.request }
}
