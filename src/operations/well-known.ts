import { defineOperation, text, type Operation } from './define-operation.js'

/**
 * The `/.well-known` routes real clients use to find the service.
 *
 * @example
 * createMswHandlers(wellKnownOperations, service)
 */
export const wellKnownOperations: readonly Operation[] = [
  defineOperation({
    id: 'getWellKnownHealth',
    method: 'GET',
    paths: ['/.well-known/health'],
    run: () => text('ok'),
  }),
  defineOperation({
    id: 'headWellKnownHealth',
    method: 'HEAD',
    paths: ['/.well-known/health'],
    run: () => text(''),
  }),
]
