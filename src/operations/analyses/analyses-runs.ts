import { buildCodeAnalysis, buildFormatAnalysis, buildImageAnalysis } from '../../wire/records/format-analysis.js'
import { json, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { wireContext } from '../define/request-input.js'
import type { AnalysesList } from './analysis-verbs.js'

/**
 * Lists the analyses of every format, in the formats' order (loaded on first call).
 *
 * @example
 * listAnalyses(context, 'code') // { iterable: [{ id: '…-analysis', type: 'CODE', language: 'ts', … }] }
 */
export function listAnalyses(context: OperationContext, which: AnalysesList): OperationResult {
  const formats = [...context.store.all('format')]
  const render = (format: (typeof formats)[number]) => () => wireContext(context).render('format', format)
  const images = formats.filter((format) => format.classification.generic === 'IMAGE')
  switch (which) {
    case 'analyses':
      return json({ iterable: formats.map((format) => buildFormatAnalysis(format, render(format))) })
    case 'code':
      return json({
        iterable: formats.filter((format) => format.classification.generic !== 'IMAGE').map(buildCodeAnalysis),
      })
    case 'image':
      return json({ iterable: images.map((format) => buildImageAnalysis(format, render(format)())) })
    case 'ocr':
      return json({ iterable: images.map((format) => buildImageAnalysis(format, render(format)()).ocr) })
  }
}
