import { MockServiceError } from '../errors.js'
import { defineOperation, json, type Operation } from './define-operation.js'
import { booleanQuery, pathId, wireContext } from './request-input.js'
import { toFormat } from '../wire/asset.js'

/**
 * `GET /format/{format}`: one format, with the singular `transferable` query
 * the real route spells.
 *
 * @example
 * createMswHandlers(formatOperations, service)
 */
export const formatOperations: readonly Operation[] = [
  defineOperation({
    id: 'formatSnapshot',
    method: 'GET',
    paths: ['/format/:format'],
    run(context) {
      const id = pathId(context, 'format')
      const format = context.store.get('format', id)
      const asset = format && context.store.get('asset', format.asset)
      if (!format || !asset) throw new MockServiceError('NOT_FOUND', `No format with id "${id}" exists.`)
      const wire = { ...wireContext(context), transferables: booleanQuery(context.request.query, 'transferable', true) }
      return json(toFormat(format, asset, wire))
    },
  }),
]
