/** The signals that stop a long-running command: Ctrl+C, a kill, and the terminal closing. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Resolves with the first stop signal received, and stops listening for them.
 *
 * @example
 * const signal = await nextSignal() // 'SIGINT' after Ctrl+C
 */
export function nextSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      for (const name of STOP_SIGNALS) process.off(name, stop)
      resolve(signal)
    }
    for (const name of STOP_SIGNALS) process.on(name, stop)
  })
}
