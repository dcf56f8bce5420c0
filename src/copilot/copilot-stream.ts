import { answerChunks, composeAnswer } from '../domain/copilot-answer.js'
import type { CopilotHooks } from '../domain/copilot-reply.js'
import { clip } from '../domain/conversation-text.js'
import { createConversation } from '../domain/conversation-writes.js'
import { appendMessage } from '../domain/message-writes.js'
import { MockServiceError } from '../errors.js'
import type { StreamEndpoint } from '../events/stream-endpoint.js'
import type { StreamHub } from '../events/stream-hub.js'
import { SERVICE_STREAM_PATHS } from '../events/stream-paths.js'
import type { Store } from '../store/create-store.js'
import { questionOf, qgptStreamInput, relevanceQuestionOf, type CopilotQuestion } from './copilot-inputs.js'
import { groundingOf } from './copilot-grounding.js'

/** What the copilot is handed: the store it writes to, the hub it sends through, and its hooks. */
export interface CopilotEnvironment extends CopilotHooks {
  readonly store: Store
  readonly hub: StreamHub
  /** Milliseconds between chunks when a reply sets none. */
  readonly paceMs: number
}

type Ending = 'STOPPED' | 'RESET'

/** One answer being streamed. */
interface Run {
  readonly request: string
  readonly conversation: string
  ending: Ending | undefined
  wake: (() => void) | undefined
}

/** The most answers one connection streams at once; more answer FAILED. */
const MAX_RUNS = 16

/**
 * The `/qgpt/stream` WebSocket: a `QGPTStreamInput` with a `question` (or a
 * `relevance` with `options.question`) is answered in `QGPTStreamOutput`
 * frames, each naming its `request` and `conversation`: the answer in
 * `IN-PROGRESS` chunks (text in `question.answers.iterable[0].text`), then one
 * `COMPLETED`. Before the first chunk the question is stored as a USER message
 * (in a new conversation when the input names none); the answer is stored as
 * an ASSISTANT message before `COMPLETED` goes out. `stop: true` ends the
 * named request (or all) with `STOPPED`, keeping what was sent; `reset: true`
 * ends every one with `RESET`. A model that cannot answer, a conversation that
 * does not exist or a bad input answers `FAILED` with an `errorMessage` and
 * stores nothing.
 *
 * @example
 * const endpoint = copilotStream({ store, hub, seed: 1, paceMs: 0, takeReply: () => undefined, modelRefusal: () => undefined })
 */
export function copilotStream(environment: CopilotEnvironment): StreamEndpoint {
  const { store, hub } = environment
  return {
    name: 'qgpt',
    path: SERVICE_STREAM_PATHS.qgpt,
    open(client) {
      const leaveHub = hub.join('qgpt', client)
      const runs = new Set<Run>()
      // Answers being started (their question is being stored) count toward the limit too.
      let starting = 0
      const send = (frame: object) => hub.sendTo('qgpt', client, JSON.stringify(frame))
      const fail = (conversation: string, request: string | undefined, statusCode: number, errorMessage: string) =>
        send({ ...(request !== undefined && { request }), conversation, status: 'FAILED', statusCode, errorMessage })

      function end(run: Run, ending: Ending): void {
        if (run.ending) return
        run.ending = ending
        run.wake?.()
      }

      async function answer(question: CopilotQuestion, named: string | undefined, asked: string | undefined) {
        const refusal = environment.modelRefusal(question.model)
        if (refusal) return fail(named ?? '', asked, 400, refusal)
        if (named !== undefined && !store.get('conversation', named)) {
          return fail(named, asked, 404, `No conversation with id "${named}" exists.`)
        }
        if (runs.size + starting >= MAX_RUNS) {
          return fail(named ?? '', asked, 429, `${MAX_RUNS} answers are streaming on this connection already.`)
        }
        starting++
        const started = await store
          .write((tx) => {
            const request = asked ?? tx.id()
            const fragment = { string: { raw: question.query } }
            if (named === undefined) {
              const conversation = createConversation(tx, {
                type: 'COPILOT',
                name: clip(question.query.replace(/\s+/g, ' ').trim(), 60) || 'New Conversation',
                messages: [{ role: 'USER', fragment }],
              })
              return { request, conversation: conversation.id }
            }
            appendMessage(tx, { conversation: { id: named }, role: 'USER', fragment })
            return { request, conversation: named }
          })
          .finally(() => starting--)
        const run: Run = { ...started, ending: undefined, wake: undefined }
        runs.add(run)
        try {
          await stream(run, question)
        } finally {
          runs.delete(run)
        }
      }

      async function stream(run: Run, question: CopilotQuestion): Promise<void> {
        const reply = environment.takeReply()
        const chunks = reply?.chunks
          ? [...reply.chunks]
          : answerChunks(reply?.text ?? composeAnswer(question.query, groundingOf(store, question), environment.seed))
        const pace = reply?.paceMs ?? environment.paceMs
        const failAt = reply?.fail ? (reply.fail.afterChunks ?? 0) : undefined
        const frame = { request: run.request, conversation: run.conversation }
        let sent = ''
        for (let index = 0; index <= chunks.length; index++) {
          if (failAt === index) {
            return fail(run.conversation, run.request, 500, reply?.fail?.message ?? 'The model failed to answer.')
          }
          if (index === chunks.length) break
          await pause(run, pace)
          if (run.ending) break
          const text = chunks[index]!
          sent += text
          send({ ...frame, status: 'IN-PROGRESS', question: { answers: { iterable: [{ score: 1, text }] } } })
        }
        // What was sent is the answer the conversation keeps, whole or stopped part-way.
        if (sent !== '') {
          await store.write((tx) => {
            if (tx.get('conversation', run.conversation)) {
              appendMessage(tx, {
                conversation: { id: run.conversation },
                role: 'ASSISTANT',
                fragment: { string: { raw: sent } },
              })
            }
          })
        }
        send({ ...frame, status: run.ending ?? 'COMPLETED' })
      }

      function pause(run: Run, ms: number): Promise<void> {
        return new Promise((resolve) => {
          const timer = setTimeout(() => {
            run.wake = undefined
            resolve()
          }, ms)
          run.wake = () => {
            clearTimeout(timer)
            run.wake = undefined
            resolve()
          }
        })
      }

      function receive(text: string): void {
        let input
        try {
          const parsed = qgptStreamInput.safeParse(JSON.parse(text))
          if (!parsed.success) {
            const issue = parsed.error.issues[0]
            const at = issue?.path.length ? issue.path.join('.') : '(frame)'
            return fail(
              '',
              undefined,
              400,
              `Invalid QGPTStreamInput: ${at}: ${issue?.message ?? 'does not match the model'}.`,
            )
          }
          input = parsed.data
        } catch {
          return fail('', undefined, 400, 'Invalid QGPTStreamInput: the frame is not JSON.')
        }
        if (input.reset) {
          for (const run of runs) end(run, 'RESET')
          return
        }
        if (input.stop) {
          for (const run of runs) {
            if (input.request === undefined || run.request === input.request) end(run, 'STOPPED')
          }
          return
        }
        const question = input.question
          ? questionOf(input.question)
          : input.relevance?.options?.question
            ? relevanceQuestionOf(input.relevance)
            : undefined
        if (!question) {
          return fail(
            input.conversation ?? '',
            input.request,
            400,
            'Invalid QGPTStreamInput: give a question, or a relevance with options.question, or stop or reset.',
          )
        }
        answer(question, input.conversation, input.request).catch((error: unknown) => {
          const message = error instanceof MockServiceError ? error.message : 'The copilot failed to answer.'
          fail(input.conversation ?? '', input.request, 500, message)
        })
      }

      return {
        receive,
        leave() {
          for (const run of runs) end(run, 'STOPPED')
          leaveHub()
        },
      }
    },
  }
}
