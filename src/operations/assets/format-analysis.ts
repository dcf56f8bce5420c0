import { goneOnRefusal } from '../../errors.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { readRecord } from '../define/record-routes.js'

/** The model the mock says analysed every format (the wire's CodeAnalysis requires a full Model). */
const ANALYSIS_MODEL = {
  id: '00000000-0000-4000-8000-0000000000a1',
  version: '1.0.0',
  name: 'Mock Code Analyzer',
  cloud: false,
  type: 'BALANCED',
  usage: 'CODE_CLASSIFICATION',
  created: { value: '2024-01-01T00:00:00.000Z' },
} as const

/**
 * `GET /format/{format}/analysis` (FormatApi `formatAnalysis`): the format's
 * code analysis, derived from its stored content: its classification, and
 * how many lines and characters its text has. The analysis's id is the
 * format's with `-analysis`.
 *
 * @example
 * routeTable() // holds it
 */
export const formatAnalysisOperations: readonly Operation[] = [
  defineOperation({
    id: 'formatAnalysis',
    method: 'GET',
    paths: ['/format/:format/analysis'],
    params: { format: 'format' },
    run(context) {
      return goneOnRefusal(() => {
        const format = readRecord(context, 'format', 'format', 'Format not found.')
        const text = format.fragment?.string?.raw ?? format.file?.string?.raw ?? ''
        const lines = text === '' ? 0 : text.split('\n').length
        const id = `${format.id}-analysis`
        return json({
          id,
          format: format.id,
          code: {
            id,
            type: format.classification.generic,
            language: format.classification.specific,
            analysis: `${lines} lines, ${text.length} characters of ${format.classification.specific}.`,
            model: ANALYSIS_MODEL,
          },
        })
      })
    },
  }),
]
