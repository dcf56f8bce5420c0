/**
 * Settles on a later turn of the event loop, after pending I/O: `setImmediate`
 * in Node, a message to itself in a browser (no timer clamping). Long work
 * awaits it between steps so other requests are answered meanwhile.
 *
 * @example
 * for (const piece of pieces) { write(piece); await nextTurn() }
 */
export function nextTurn(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve))
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel()
    port1.onmessage = () => {
      port1.close()
      resolve()
    }
    port2.postMessage(undefined)
  })
}
