import { goneOnRefusal, MockServiceError } from '../../errors.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { booleanQuery, pathId, wireContext } from '../define/request-input.js'

/**
 * `GET /format/{format}`: one format, with the singular `transferable` query
 * the real route spells; a deleted or unknown format answers 410.
 *
 * @example
 * routeTable() // holds these
 */
export const formatOperations: readonly Operation[] = [
  defineOperation({
    id: 'formatSnapshot',
    method: 'GET',
    paths: ['/format/:format'],
    params: { format: 'format' },
    run(context) {
      return goneOnRefusal(() => {
        const id = pathId(context, 'format')
        const format = context.store.get('format', id)
        const asset = format && context.store.get('asset', format.asset)
        if (!format || !asset) throw new MockServiceError('GONE', 'Format was not found.')
        // The real route spells the flag `transferable`; a bad `transferables` is refused as on every read.
        wireContext(context)
        const wire = context.wire(booleanQuery(context.request.query, 'transferable', true))
        return json(wire.render('format', format))
      })
    },
  }),
]
