import { invariant } from 'outvariant'
import type { CopilotReply } from '../../domain/copilot/copilot-reply.js'
import type { ByteBudget } from '../budget/control-budget.js'

/** The copilot's scripted answers, taken one per question, oldest first. */
export interface CopilotReplies {
  /** Scripts the next answer: a text, a reply object, or several replies for the questions that follow. */
  reply(...replies: ReadonlyArray<CopilotReply | string>): void
  /** The scripted answers not used yet. */
  readonly pending: readonly CopilotReply[]
  /** Takes the next scripted answer, if any. */
  take(): CopilotReply | undefined
  /** Forgets every scripted answer (reset does). */
  clear(): void
}

const MAX_PENDING = 1000
/** What a reply counts besides its text: its fields and its place in the queue. */
const REPLY_BYTES = 64
/** The most characters one reply, and all waiting replies together, may hold. */
const MAX_TEXT = 1024 * 1024

/**
 * Creates the queue of scripted copilot answers: `reply()` puts answers in,
 * each question on `/qgpt/stream` or `POST /qgpt/question` takes one; with none
 * left the copilot composes its own.
 *
 * @example
 * const replies = createCopilotReplies()
 * replies.reply({ chunks: ['Hel', 'lo'], paceMs: 50 })
 */
export function createCopilotReplies(budget: ByteBudget = { admit() {}, charge() {} }): CopilotReplies {
  let pending: CopilotReply[] = []
  /** The bytes the waiting replies count against the budget. */
  let held = 0
  return {
    reply(...replies) {
      const checked = replies.map((reply) => checkReply(typeof reply === 'string' ? { text: reply } : reply))
      const size = [...pending, ...checked].reduce((sum, reply) => sum + sizeOf(reply), 0)
      invariant(
        size <= MAX_TEXT,
        'Failed to script a copilot reply: the waiting replies would hold %s characters, over the limit of %s. Let questions use them, or reset the mock.',
        size,
        MAX_TEXT,
      )
      invariant(
        pending.length + checked.length <= MAX_PENDING,
        'Failed to script a copilot reply: %s replies are waiting already. Let questions use them, or reset the mock.',
        pending.length,
      )
      const added = checked.reduce((sum, reply) => sum + replyBytes(reply), 0)
      budget.admit(added)
      pending = [...pending, ...checked]
      budget.charge(added)
      held += added
    },
    get pending() {
      return pending
    },
    take() {
      const [next, ...rest] = pending
      pending = rest
      if (next) {
        budget.charge(-replyBytes(next))
        held -= replyBytes(next)
      }
      return next
    },
    clear() {
      pending = []
      budget.charge(-held)
      held = 0
    },
  }
}

function checkReply(reply: CopilotReply): CopilotReply {
  const problem = replyProblem(reply)
  invariant(
    problem === undefined,
    'Failed to script a copilot reply: %s. Give { text } or { chunks }, with an optional paceMs and fail: { afterChunks, message }.',
    problem,
  )
  return reply
}

function replyProblem(reply: CopilotReply): string | undefined {
  if (typeof reply !== 'object' || reply === null) return 'a reply is a text or an object'
  if (reply.text !== undefined && typeof reply.text !== 'string') return 'text is not a string'
  if (reply.chunks !== undefined) {
    if (!Array.isArray(reply.chunks) || reply.chunks.some((chunk) => typeof chunk !== 'string')) {
      return 'chunks is not a list of strings'
    }
  }
  if (reply.text !== undefined && reply.chunks !== undefined) return 'both text and chunks were given'
  const size = sizeOf(reply)
  if (size > MAX_TEXT) return `the answer is ${size} characters, over the limit of ${MAX_TEXT}`
  if (reply.paceMs !== undefined && !(Number.isInteger(reply.paceMs) && reply.paceMs >= 0 && reply.paceMs <= 60_000)) {
    return 'paceMs is not a whole number of milliseconds from 0 to 60000'
  }
  if (reply.fail !== undefined) {
    if (typeof reply.fail !== 'object' || reply.fail === null) return 'fail is not an object'
    const after = reply.fail.afterChunks
    if (after !== undefined && !(Number.isInteger(after) && after >= 0)) return 'fail.afterChunks is not a whole number'
    if (reply.fail.message !== undefined && typeof reply.fail.message !== 'string')
      return 'fail.message is not a string'
  }
  return undefined
}

/** What a waiting reply counts against the budget: its text, and {@link REPLY_BYTES} besides. */
function replyBytes(reply: CopilotReply): number {
  return sizeOf(reply) + (reply.fail?.message?.length ?? 0) + REPLY_BYTES
}

function sizeOf(reply: CopilotReply): number {
  return (reply.text?.length ?? 0) + (reply.chunks?.reduce((sum, chunk) => sum + chunk.length, 0) ?? 0)
}
