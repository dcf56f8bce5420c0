import {
  defineOperation,
  type Operation,
  type OperationContext,
  type OperationResult,
} from '../define/define-operation.js'
import type { TextVerb } from './analysis-verbs.js'

const run =
  (verb: TextVerb) =>
  async (context: OperationContext): Promise<OperationResult> =>
    (await import('../installers-and-backups/lazy-runs.js')).runText(context, verb)

const post = (id: string, path: string, verb: TextVerb, body: 'required' | 'optional') =>
  defineOperation({ id, method: 'POST', paths: [path], params: {}, body, run: run(verb) })

const get = (id: string, path: string, verb: TextVerb) =>
  defineOperation({ id, method: 'GET', paths: [path], params: {}, run: run(verb) })

/**
 * Text operations answered from the text asked, deterministically
 * (MachineLearningApi, ClassificationApi, QGPTApi `reprompt`, SearchApi
 * `tagBasedSearch`), and the formats' metrics (MetricsApi).
 *
 * @example
 * routeTable() // holds these
 */
export const textOperations: readonly Operation[] = [
  post(
    'personificationTechnicalLanguageGeneration',
    '/machine_learning/text/technical_language/generators/personification',
    'personification',
    'optional',
  ),
  post(
    'segmentTechnicalLanguage',
    '/machine_learning/text/technical_language/parsers/segmentation',
    'segmentation',
    'required',
  ),
  post('convertGenericClassification', '/classification/generic/convert', 'convertClassification', 'required'),
  post('reprompt', '/qgpt/reprompt', 'reprompt', 'required'),
  post('tagBasedSearch', '/search/tag_based', 'tagSearch', 'required'),
  get('getMetricsFormats', '/metrics/formats', 'formatMetrics'),
  get('metricsFormatsOrdered', '/metrics/formats/ordered', 'orderedMetrics'),
]
