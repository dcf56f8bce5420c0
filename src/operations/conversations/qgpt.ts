import { groundingOf } from '../../copilot/copilot-grounding.js'
import {
  qgptQuestionInput,
  qgptRelevanceInput,
  questionOf,
  relevanceQuestionOf,
  type CopilotQuestion,
} from '../../domain/inputs/copilot-inputs.js'
import { composeAnswer } from '../../domain/copilot/copilot-answer.js'
import {
  rankWithSeeds,
  seedTexts,
  type RelevanceCandidate,
  type SentSeed,
} from '../../domain/copilot/relevance-ranking.js'
import { rankMatches } from '../../domain/search.js'
import { MockServiceError } from '../../errors.js'
import type { AssetRecord } from '../../store/schemas/schemas.js'
import { defineOperation, json, type Operation, type OperationContext } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'
import { personsRelatedOperation } from './persons-related.js'

/** How many stored assets a relevance search adds to the ones its input names. */
const RELEVANT_FOUND = 5

/**
 * The copilot's HTTP routes: `POST /qgpt/question` answers at once (the
 * stream's answer, whole; nothing is stored), and `POST /qgpt/relevance` names
 * what is relevant to a query: the assets it names, then every seed it sends
 * (`relevant.iterable[i].seed`, as sent) ranked in among the store's best
 * matches by keyword overlap with the query (`rankWithSeeds`), with an answer
 * when `options.question` is set; `POST /qgpt/persons/related` names who can
 * help with a seed or a conversation (persons-related.ts).
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
      const ranked = rankWithSeeds<RelevantEntry>(
        input.query,
        (input.seeds?.iterable ?? []).map((seed) => ({ value: { seed }, texts: seedTexts(seed as SentSeed) })),
        storedMatches(context, input.query, named),
      )
      const relevant = [...named.map((id) => ({ id, asset: { id } })), ...ranked]
      const assetIds = relevant.flatMap((entry) => ('id' in entry ? [entry.id] : []))
      return json({
        relevant: { iterable: relevant },
        ...(input.options?.question && { answer: answerOutput(context, { ...question, assetIds }) }),
      })
    },
  }),
  personsRelatedOperation,
]

/** A RelevantQGPTSeed as the relevance route answers it: a stored asset by id, or a seed sent back as it came. */
type RelevantEntry = { readonly id: string; readonly asset: { readonly id: string } } | { readonly seed: object }

/** The store's best matches for a query by name and text (today's search), but those the input names. */
function storedMatches(
  context: OperationContext,
  query: string,
  named: readonly string[],
): Array<RelevanceCandidate<RelevantEntry>> {
  const words = query.split(/\s+/).filter((word) => word.length > 2)
  if (words.length === 0) return []
  const textsOf = (asset: AssetRecord) => [
    asset.name,
    context.store.get('format', asset.original)?.fragment?.string?.raw,
  ]
  return rankMatches(context.store.all('asset'), textsOf, { queries: words })
    .filter(({ record }) => !named.includes(record.id))
    .slice(0, RELEVANT_FOUND)
    .map(({ record }) => ({ value: { id: record.id, asset: { id: record.id } }, texts: textsOf(record) }))
}

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
