import { defineOperation, text, type Operation } from './define-operation.js'

/**
 * The `/.well-known` routes real clients use to find the service.
 *
 * @example
 * routeTable() // holds these
 */
export const wellKnownOperations: readonly Operation[] = [
  defineOperation({
    id: 'getWellKnownHealth',
    method: 'GET',
    paths: ['/.well-known/health'],
    params: {},
    run: () => text('ok'),
  }),
  defineOperation({
    id: 'headWellKnownHealth',
    method: 'HEAD',
    paths: ['/.well-known/health'],
    params: {},
    run: () => text(''),
  }),
]
