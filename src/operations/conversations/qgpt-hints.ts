import { suggestHints } from '../../domain/hint-suggestions.js'
import { qgptHintsInput } from '../../domain/inputs/derived-inputs.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

/**
 * `POST /qgpt/hints` (QGPTApi `hints`): the questions to suggest after an
 * answer, ranked from the stored hints (`suggestHints`), as QGPTQuestionOutput.
 *
 * @example
 * routeTable() // holds it
 */
export const qgptHintsOperations: readonly Operation[] = [
  defineOperation({
    id: 'hints',
    method: 'POST',
    paths: ['/qgpt/hints'],
    params: {},
    run(context) {
      requireBody(context.request.body, 'QGPTHintsInput')
      const input = parseBody(qgptHintsInput, context.request.body, 'QGPTHintsInput')
      const iterable = suggestHints(context.store.all('hint'), input.query ?? '', input.answer?.text ?? '')
      return json({ answers: { iterable } })
    },
  }),
]
