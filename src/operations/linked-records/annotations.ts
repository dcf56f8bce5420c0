import { assignOptional, createOperation, updateOperation } from '../define/write-operations.js'
import { MockServiceError } from '../../errors.js'
import { createAnnotation } from '../../domain/record-writes.js'
import { seededAnnotationInput } from '../../domain/inputs/record-seeds.js'
import { annotationType } from '../../store/schemas/enums.js'
import { streamedRecords } from '../../wire/json/streamed-collection.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, scoresIncrementOperation } from '../define/record-routes.js'
import { annotationUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { searchOperation } from '../search/search-operation.js'

/**
 * The annotations' routes (AnnotationsApi, and AnnotationApi's update and
 * score increment): the list, create, update, delete, score increment and
 * search. `GET /annotation/{annotation}` is beside the conversation routes.
 *
 * @example
 * routeTable() // holds these
 */
export const annotationsOperations: readonly Operation[] = [
  defineOperation({
    id: 'annotationsSnapshot',
    method: 'GET',
    paths: ['/annotations'],
    params: {},
    run(context) {
      const filter = context.request.query.get('annotation_type_filter')
      let type: string | undefined
      if (filter !== null && filter !== '') {
        const parsed = annotationType.safeParse(filter)
        if (!parsed.success) {
          throw new MockServiceError(
            'INVALID_REQUEST',
            `Invalid query parameter "annotation_type_filter": "${filter.slice(0, 40)}" is not an AnnotationTypeEnum value.`,
          )
        }
        type = parsed.data
      }
      const wire = context.wire(true)
      const annotations = [...context.store.all('annotation')].filter(
        (annotation) => type === undefined || annotation.type === type,
      )
      return json(streamedRecords(annotations, (annotation) => wire.render('annotation', annotation)))
    },
  }),
  createOperation({
    id: 'annotationsCreateNewAnnotation',
    path: '/annotations/create',
    kind: 'annotation',
    model: 'SeededAnnotation',
    input: seededAnnotationInput,
    create: createAnnotation,
  }),
  updateOperation({
    id: 'annotationUpdate',
    path: '/annotation/update',
    kind: 'annotation',
    model: 'Annotation',
    input: annotationUpdateInput,
    apply(draft, input) {
      draft.type = input.type
      draft.text = input.text
      assignOptional(draft, 'favorited', input.favorited)
    },
  }),
  deleteOperation({
    id: 'annotationsDeleteSpecificAnnotation',
    paths: ['/annotations/:annotation/delete'],
    param: 'annotation',
    kind: 'annotation',
  }),
  scoresIncrementOperation({
    id: 'annotationScoresIncrement',
    paths: ['/annotation/:annotation/scores/increment'],
    param: 'annotation',
    kind: 'annotation',
    keys: ['annotation', 'annotations'],
  }),
  searchOperation({
    id: 'searchAnnotations',
    paths: ['/annotations/search'],
    kind: 'annotation',
    key: 'annotation',
    texts: (annotation) => [annotation.text],
  }),
]
