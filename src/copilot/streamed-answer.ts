import { answerChunks, composeAnswer } from '../domain/copilot/copilot-answer.js'
import { clip } from '../domain/conversation-text.js'
import { createConversation } from '../domain/conversation-writes.js'
import { appendMessage } from '../domain/message-writes.js'
import type { Store } from '../store/create-store.js'
import type { CopilotQuestion } from '../domain/inputs/copilot-inputs.js'
import type { CopilotEnvironment } from './copilot-environment.js'
import { failedFrame, progressFrame, statusFrame, type CopilotFrame, type FrameTarget } from './copilot-frames.js'
import { groundingOf } from './copilot-grounding.js'

/**
 * Where an answer is in its life. It moves one way:
 * `storing-question` → `streaming` → `storing-answer` → `ended`
 * (or from `streaming` straight to `ended` when a scripted failure cuts it).
 */
type AnswerState = 'storing-question' | 'streaming' | 'storing-answer' | 'ended'

/** Why an answer ends before its last chunk: the client stopped it, or reset the stream. */
export type AnswerEnding = 'STOPPED' | 'RESET'

/** What the client asked: the question, and the conversation and request id its frame named. */
export interface AnswerAsk {
  readonly question: CopilotQuestion
  readonly conversation: string | undefined
  readonly request: string | undefined
}

/** One answer on a connection, from the question to its last frame. */
export interface StreamedAnswer {
  readonly ask: AnswerAsk
  /** The request id: the client's, or the one the service gives when the question is stored. */
  request: string | undefined
  /** The conversation: the one asked in, or the one created when the question is stored. */
  conversation: string | undefined
  state: AnswerState
  /** Set by a stop or a reset; the answer ends at its next step. */
  ending: AnswerEnding | undefined
  /** Cuts the pause between chunks short, while one is running. */
  wake: (() => void) | undefined
}

/** What an answer sends: the chunks, their pace, and where a scripted failure cuts them. */
interface AnswerScript {
  readonly chunks: readonly string[]
  readonly paceMs: number
  readonly failAt: number | undefined
  readonly failMessage: string
}

/**
 * A new answer to what a client asked, not yet started.
 *
 * @example
 * const answer = newAnswer({ question, conversation: undefined, request: 'r-1' })
 */
export function newAnswer(ask: AnswerAsk): StreamedAnswer {
  return {
    ask,
    request: ask.request,
    conversation: ask.conversation,
    state: 'storing-question',
    ending: undefined,
    wake: undefined,
  }
}

/**
 * Asks an answer to end (`STOPPED` or `RESET`): a pause between chunks is
 * cut short, what was sent is kept. The first ending asked for wins.
 *
 * @example
 * endAnswer(answer, 'STOPPED')
 */
export function endAnswer(answer: StreamedAnswer, ending: AnswerEnding): void {
  if (answer.ending || answer.state === 'ended') return
  answer.ending = ending
  answer.wake?.()
}

/**
 * Ends an answer at once, for a stream that is closing: one that has sent
 * `INITIALIZED` (or chunks) gets its final frame now — the ending asked for,
 * else `STOPPED` — and nothing more is sent or stored for it. An answer still
 * storing its question has sent nothing and ends without a frame.
 *
 * @example
 * finishAnswer(answer, (frame) => hub.sendTo('qgpt', client, JSON.stringify(frame)))
 */
export function finishAnswer(answer: StreamedAnswer, send: (frame: CopilotFrame) => void): void {
  if (answer.state === 'ended') return
  const started = answer.state !== 'storing-question'
  answer.ending ??= 'STOPPED'
  answer.state = 'ended'
  answer.wake?.()
  if (started && answer.conversation !== undefined) {
    send(statusFrame({ request: answer.request, conversation: answer.conversation }, answer.ending))
  }
}

/**
 * Runs an answer through its states: stores the question (a USER message,
 * in a new COPILOT conversation when none was named), sends `INITIALIZED`
 * (unless the environment omits it),
 * the `IN-PROGRESS` chunks, stores what was sent as the ASSISTANT message,
 * then sends the ending (`COMPLETED`, `STOPPED` or `RESET`) — or `FAILED`
 * where a scripted reply fails part-way. A scripted reply wins over the
 * composed answer.
 *
 * @example
 * await streamAnswer(answer, environment, (frame) => hub.sendTo('qgpt', client, JSON.stringify(frame)))
 */
export async function streamAnswer(
  answer: StreamedAnswer,
  environment: CopilotEnvironment,
  send: (frame: CopilotFrame) => void,
): Promise<void> {
  const target = await storeQuestion(answer, environment.store)
  // Each step after a wait first asks whether the stream closed meanwhile (`finishAnswer` ended it).
  if (isFinished(answer)) return
  answer.state = 'streaming'
  if (!environment.omitInitialized) send(statusFrame(target, 'INITIALIZED'))
  const script = scriptOf(answer.ask.question, target.conversation, environment)
  const { sent, failed } = await sendChunks(answer, target, script, send)
  if (isFinished(answer)) return
  if (failed) {
    answer.state = 'ended'
    return send(failedFrame(target, 500, script.failMessage))
  }
  answer.state = 'storing-answer'
  // What was sent is the answer the conversation keeps, whole or stopped part-way.
  if (sent !== '') await storeAnswer(environment.store, target.conversation, sent)
  if (isFinished(answer)) return
  answer.state = 'ended'
  send(statusFrame(target, answer.ending ?? 'COMPLETED'))
}

/** Whether an answer was ended by its stream closing (read through a call, so no narrowing hides it). */
function isFinished(answer: StreamedAnswer): boolean {
  return answer.state === 'ended'
}

async function storeQuestion(answer: StreamedAnswer, store: Store): Promise<FrameTarget> {
  const { question, conversation: named, request: asked } = answer.ask
  const target = await store.write((tx) => {
    const request = asked ?? tx.id()
    const fragment = { string: { raw: question.query } }
    if (named !== undefined) {
      appendMessage(tx, { conversation: { id: named }, role: 'USER', fragment })
      return { request, conversation: named }
    }
    const created = createConversation(tx, {
      type: 'COPILOT',
      name: clip(question.query.replace(/\s+/g, ' ').trim(), 60) || 'New Conversation',
      messages: [{ role: 'USER', fragment }],
    })
    return { request, conversation: created.id }
  })
  answer.request = target.request
  answer.conversation = target.conversation
  return target
}

/** What an answer sends: the scripted reply when one waits, else the answer composed in its conversation. */
function scriptOf(question: CopilotQuestion, conversation: string, environment: CopilotEnvironment): AnswerScript {
  const reply = environment.takeReply()
  const composed = () =>
    composeAnswer(question.query, groundingOf(environment.store, question, conversation), environment.seed)
  const chunks = reply?.chunks ? [...reply.chunks] : answerChunks(reply?.text ?? composed())
  return {
    chunks,
    paceMs: reply?.paceMs ?? environment.paceMs,
    failAt: reply?.fail ? (reply.fail.afterChunks ?? 0) : undefined,
    failMessage: reply?.fail?.message ?? 'The model failed to answer.',
  }
}

/** Sends the chunks a pace apart until the last, an ending, or the scripted failure; returns what was sent. */
async function sendChunks(
  answer: StreamedAnswer,
  target: FrameTarget,
  script: AnswerScript,
  send: (frame: CopilotFrame) => void,
): Promise<{ sent: string; failed: boolean }> {
  let sent = ''
  for (const [index, text] of script.chunks.entries()) {
    if (index === script.failAt) return { sent, failed: true }
    await pause(answer, script.paceMs)
    if (answer.ending) return { sent, failed: false }
    sent += text
    send(progressFrame(target, text))
  }
  return { sent, failed: script.failAt === script.chunks.length }
}

function pause(answer: StreamedAnswer, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const resume = () => {
      clearTimeout(timer)
      answer.wake = undefined
      resolve()
    }
    const timer = setTimeout(resume, ms)
    answer.wake = resume
  })
}

async function storeAnswer(store: Store, conversation: string, text: string): Promise<void> {
  await store.write((tx) => {
    // The conversation may have been deleted while the answer streamed.
    if (tx.get('conversation', conversation)) {
      appendMessage(tx, { conversation: { id: conversation }, role: 'ASSISTANT', fragment: { string: { raw: text } } })
    }
  })
}
