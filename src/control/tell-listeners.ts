/**
 * Tells each listener of a change of the control plane; one that throws is
 * logged and reaches neither the other listeners nor the caller, so a
 * listener's failure never turns a change that was made into an error.
 *
 * @example
 * tellListeners(listeners, connection, frame)
 */
export function tellListeners<A extends unknown[]>(listeners: ReadonlySet<(...args: A) => void>, ...args: A): void {
  for (const listener of listeners) {
    try {
      listener(...args)
    } catch (error) {
      console.error(error)
    }
  }
}
