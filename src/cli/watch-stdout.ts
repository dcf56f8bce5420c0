/** What the CLI's output came to: whether its reader went away, and the exit code that follows. */
export interface StdoutWatch {
  /** True once the reader closed the output early (`| head -1`). */
  readonly cut: boolean
  /** The exit code for a command that ended with `code`: 0 when the reader cut the output, as `head` expects, unless a signal stopped it (128 plus the signal). */
  exitCode(code: number): number
}

/** Errors that mean the reader of the output is gone, not that writing failed. */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET'])

/**
 * Watches the CLI's stdout for errors, so a reader that closes early (`| head
 * -1`) ends nothing with a stack trace: once it is gone, what is still
 * written is dropped and the exit code is 0, as `head` expects of the
 * commands before it; a command that runs on (a server, a recorder) keeps
 * running. Any other error writing the output is said once on stderr and
 * makes the exit code 1 at least. A stderr that fails is left quiet.
 *
 * @example
 * const output = watchStdout()
 * process.exitCode = output.exitCode(await runCommand(args))
 */
export function watchStdout(
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WritableStream = process.stderr,
  setExitCode: (code: number) => void = (code) => {
    process.exitCode = code
  },
): StdoutWatch {
  let cut = false
  let failed = false
  // The code the command ended with, once it has: a stop on a signal keeps its 128 plus the signal.
  let ended: number | undefined
  stderr.on('error', () => {})
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (READER_GONE.has(error.code ?? '')) {
      cut = true
      // The command may have ended already: its code is replaced, unless a signal stopped it.
      setExitCode(ended !== undefined && ended > 128 ? ended : 0)
      return
    }
    if (failed || cut) return
    failed = true
    stderr.write(`Failed to write the output: ${error.message}. Write it to a file or a pipe that can take it.\n`)
    setExitCode(1)
  })
  return {
    get cut() {
      return cut
    },
    exitCode(code) {
      ended = code
      return cut ? (code > 128 ? code : 0) : failed ? Math.max(code, 1) : code
    },
  }
}
