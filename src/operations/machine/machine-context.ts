import type { ServiceMachine } from '../../domain/machine/service-machine.js'
import type { OperationContext } from '../define/define-operation.js'

/**
 * The service's machine state an operation runs with; an environment
 * without one is a programmer error.
 *
 * @example
 * const { vision } = machineOf(context)
 */
export function machineOf(context: OperationContext): ServiceMachine {
  if (context.machine) return context.machine
  throw new Error(
    'Failed to run an OS, long-term memory or model download operation: the execution environment has no machine. Pass `machine: createServiceMachine(store)` in the environment.',
  )
}
