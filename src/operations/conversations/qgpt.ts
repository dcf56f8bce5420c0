import { groundingOf } from '../../copilot/copilot-grounding.js'
import {
  qgptQuestionInput,
  qgptRelevanceInput,
  questionOf,
  relevanceQuestionOf,
  type CopilotQuestion,
} from '../../domain/inputs/copilot-inputs.js'
import { composeAnswer } from '../../domain/copilot/copilot-answer.js'
import { rankMatches } from '../../domain/search.js'
import { MockServiceError } from '../../errors.js'
import { defineOperation, json, type Operation, type OperationContext } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

/** How many stored assets a relevance search adds to the ones its input names. */
const RELEVANT_FOUND = 5

/**
 * The copilot's HTTP routes: `POST /qgpt/question` answers at once (the
 * stream's answer, whole; nothing is stored), and `POST /qgpt/relevance` names
 * the assets relevant to a query (those it names, then the best matches of
 * the store's by name and text), with an answer when `options.question` is set.
 *
 * @example
 * routeTable() // holds these
 */
export const qgptOperations: readonly Operation[] = [
  defineOperation({
    id: 'question',
    method: 'POST',
    paths: ['/qgpt/question'],
    params: {},
    run(context) {
      requireBody(context.request.body, 'QGPTQuestionInput')
      const question = questionOf(parseBody(qgptQuestionInput, context.request.body, 'QGPTQuestionInput'))
      return json(answerOutput(context, question))
    },
  }),
  defineOperation({
    id: 'relevance',
    method: 'POST',
    paths: ['/qgpt/relevance'],
    params: {},
    run(context) {
      requireBody(context.request.body, 'QGPTRelevanceInput')
      const input = parseBody(qgptRelevanceInput, context.request.body, 'QGPTRelevanceInput')
      const question = relevanceQuestionOf(input)
      const named = question.assetIds.filter((id) => context.store.get('asset', id))
      const words = input.query.split(/\s+/).filter((word) => word.length > 2)
      const found =
        words.length === 0
          ? []
          : rankMatches(
              context.store.all('asset'),
              (asset) => [asset.name, context.store.get('format', asset.original)?.fragment?.string?.raw],
              { queries: words },
            )
              .map(({ record }) => record.id)
              .filter((id) => !named.includes(id))
              .slice(0, RELEVANT_FOUND)
      const relevant = [...named, ...found].map((id) => ({ id, asset: { id } }))
      return json({
        relevant: { iterable: relevant },
        ...(input.options?.question && {
          answer: answerOutput(context, { ...question, assetIds: relevant.map((seed) => seed.id) }),
        }),
      })
    },
  }),
]

/** The QGPTQuestionOutput of a question: a scripted reply when one waits, else the composed answer. */
function answerOutput(context: OperationContext, question: CopilotQuestion): object {
  const refusal = context.copilot?.modelRefusal(question.model)
  if (refusal) throw new MockServiceError('INVALID_REQUEST', refusal)
  const reply = context.copilot?.takeReply()
  if (reply?.fail) throw new MockServiceError('INTERNAL', reply.fail.message ?? 'The model failed to answer.')
  const text =
    reply?.text ??
    reply?.chunks?.join('') ??
    composeAnswer(question.query, groundingOf(context.store, question), context.copilot?.seed ?? 1)
  return { answers: { iterable: [{ score: 1, text }] } }
}
