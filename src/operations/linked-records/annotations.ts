import { MockServiceError } from '../../errors.js'
import { createAnnotation } from '../../domain/record-writes.js'
import { seededAnnotationInput } from '../../domain/inputs/record-seeds.js'
import { annotationType } from '../../store/schemas/enums.js'
import { streamedRecords } from '../../wire/json/streamed-collection.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation } from '../define/record-routes.js'
import { annotationUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { parseBody } from '../define/request-input.js'
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
  defineOperation({
    id: 'annotationsCreateNewAnnotation',
    method: 'POST',
    paths: ['/annotations/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededAnnotation')
      const seed = parseBody(seededAnnotationInput, context.request.body, 'SeededAnnotation')
      const wire = context.wire(true)
      const annotation = await context.store.write((tx) => createAnnotation(tx, seed))
      return json(wire.render('annotation', annotation))
    },
  }),
  defineOperation({
    id: 'annotationUpdate',
    method: 'POST',
    paths: ['/annotation/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Annotation')
      const input = parseBody(annotationUpdateInput, context.request.body, 'Annotation')
      const wire = context.wire(true)
      const annotation = await context.store.write((tx) =>
        tx.update('annotation', input.id, (draft) => {
          draft.type = input.type
          draft.text = input.text
          if (input.favorited === null) delete draft.favorited
          else if (input.favorited !== undefined) draft.favorited = input.favorited
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('annotation', annotation))
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
