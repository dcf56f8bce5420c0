import { defineOperation, text, type Operation } from '../define/define-operation.js'

/**
 * The `/.well-known` routes real clients use to find the service and check
 * its version (the mock's `version` option).
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
    id: 'getWellKnownVersion',
    method: 'GET',
    paths: ['/.well-known/version'],
    params: {},
    run: (context) => text(context.service.version),
  }),
  defineOperation({
    id: 'headWellKnownHealth',
    method: 'HEAD',
    paths: ['/.well-known/health'],
    params: {},
    run: () => text(''),
  }),
]
