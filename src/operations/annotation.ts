import { MockServiceError } from '../errors.js'
import { defineOperation, json, type Operation } from './define-operation.js'
import { pathId, wireContext } from './request-input.js'

/**
 * The `/annotation/{annotation}` route, where summaries and descriptions are read.
 *
 * @example
 * routeTable() // holds these
 */
export const annotationOperations: readonly Operation[] = [
  defineOperation({
    id: 'annotationSpecificAnnotationSnapshot',
    method: 'GET',
    paths: ['/annotation/:annotation'],
    params: { annotation: 'annotation' },
    run(context) {
      const id = pathId(context, 'annotation')
      const wire = wireContext(context)
      const annotation = context.store.get('annotation', id)
      if (!annotation) throw new MockServiceError('NOT_FOUND', `No annotation with id "${id}" exists.`)
      return json(wire.render('annotation', annotation))
    },
  }),
]
