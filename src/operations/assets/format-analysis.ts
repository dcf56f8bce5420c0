import { goneOnRefusal } from '../../errors.js'
import { buildFormatAnalysis } from '../../wire/records/format-analysis.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { readRecord } from '../define/record-routes.js'
import { wireContext } from '../define/request-input.js'

/**
 * `GET /format/{format}/analysis` (FormatApi `formatAnalysis`): the format's
 * analysis, derived from its stored content: for code and text its
 * classification, and how many lines and characters its text has; for an
 * image its OCR. The analysis's id is the format's with `-analysis`; the
 * same analysis is listed by `GET /analyses`.
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
        return json(buildFormatAnalysis(format, () => wireContext(context).render('format', format)))
      })
    },
  }),
]
