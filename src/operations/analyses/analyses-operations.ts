import {
  defineOperation,
  type Operation,
  type OperationContext,
  type OperationResult,
} from '../define/define-operation.js'
import type { AnalysesList } from './analysis-verbs.js'

const list = (id: string, path: string, which: AnalysesList): Operation =>
  defineOperation({
    id,
    method: 'GET',
    paths: [path],
    params: {},
    run: async (context: OperationContext): Promise<OperationResult> =>
      (await import('../installers-and-backups/lazy-runs.js')).listAnalyses(context, which),
  })

/**
 * The analyses attached to formats (AnalysesApi, CodeAnalysesApi,
 * ImageAnalysesApi, OCRAnalysesApi): every format's analysis, derived from
 * its content as `GET /format/{format}/analysis` answers it; the code
 * analyses of code and text formats; the image analyses and their OCR of
 * image formats.
 *
 * @example
 * routeTable() // holds these
 */
export const analysesOperations: readonly Operation[] = [
  list('analysesSnapshot', '/analyses', 'analyses'),
  list('codeAnalysesSnapshot', '/code_analyses', 'code'),
  list('imageAnalysesSnapshot', '/image_analyses', 'image'),
  list('ocrAnalysesSnapshot', '/ocr_analyses', 'ocr'),
]
