import type { Operation } from '../define/define-operation.js'
import { snapshotOperation } from '../define/record-routes.js'

/**
 * The `/annotation/{annotation}` route, where summaries and descriptions are
 * read; a deleted or unknown annotation answers 410.
 *
 * @example
 * routeTable() // holds these
 */
export const annotationOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'annotationSpecificAnnotationSnapshot',
    paths: ['/annotation/:annotation'],
    param: 'annotation',
    kind: 'annotation',
    gone: 'Annotation was not found.',
  }),
]
