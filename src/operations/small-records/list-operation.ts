import type { RecordKind } from '../../store/schemas/schemas.js'
import type { SerializerName } from '../../wire/wire-types.js'
import { collectionOf } from '../../wire/flattened.js'
import { mostRecentFirst } from '../../store/most-recent-first.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { wireContext } from '../define/request-input.js'

/**
 * `GET /{kinds}`: every record of a kind, most recently updated first, as
 * the client's collection model; `indices` only where that model has them
 * (Hints and AnchorPoints do, Sensitives and Shares do not).
 *
 * @example
 * listOperation({ id: 'hintsSnapshot', path: '/hints', kind: 'hint', indices: true })
 */
export function listOperation(spec: {
  readonly id: string
  readonly path: string
  readonly kind: RecordKind & SerializerName
  readonly indices: boolean
}): Operation {
  return defineOperation({
    id: spec.id,
    method: 'GET',
    paths: [spec.path],
    params: {},
    run(context) {
      const wire = wireContext(context)
      const records = mostRecentFirst(context.store.all(spec.kind))
      const collection = collectionOf(records, (record) => wire.render(spec.kind, record as never))
      return json(spec.indices ? collection : { iterable: collection.iterable })
    },
  })
}
