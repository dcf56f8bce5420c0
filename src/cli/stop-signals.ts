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

/** The exit code a shell gives a process a signal stopped: 128 plus the signal's number. */
const SIGNAL_EXIT_CODES: Readonly<Record<(typeof STOP_SIGNALS)[number], number>> = {
  SIGHUP: 129,
  SIGINT: 130,
  SIGTERM: 143,
}

/**
 * The exit code after a clean stop: 128 plus the signal's number when a
 * signal asked for it (130 after Ctrl+C, 143 after a kill), as shells and
 * process managers expect; 0 when the command ended on its own.
 *
 * @example
 * exitCodeAfter('SIGTERM') // 143
 */
export function exitCodeAfter(reason: string): number {
  return reason in SIGNAL_EXIT_CODES ? SIGNAL_EXIT_CODES[reason as keyof typeof SIGNAL_EXIT_CODES] : 0
}
