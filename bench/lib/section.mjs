import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Runs one bench section in a fresh Node process (its own heap, --expose-gc)
 * of the given leg, and resolves with the JSON it reports over IPC. The child
 * is killed after `timeoutMs`.
 *
 * @example
 * const growth = await runSection(leg, 'growth.mjs', { scales: [1000, 10000] })
 */
export function runSection(leg, file, options = {}, timeoutMs = 300_000) {
  const path = fileURLToPath(new URL(`sections/${file}`, leg.benchDir))
  return new Promise((resolve, reject) => {
    const child = fork(path, [JSON.stringify(options)], {
      execPath: leg.node,
      execArgv: ['--expose-gc', '--max-old-space-size=4096'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let result
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(
        new Error(
          `Failed to run the bench section ${file}: it took longer than ${timeoutMs} ms. Run it alone to see where it stalls.`,
        ),
      )
    }, timeoutMs)
    child.on('message', (message) => {
      if (message?.type === 'result') result = message.result
      if (message?.type === 'progress') process.stderr.write(`  ${message.text}\n`)
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      if (result !== undefined) resolve(result)
      else
        reject(
          new Error(
            `Failed to run the bench section ${file}: it exited with code ${code} before reporting. See its output above.`,
          ),
        )
    })
  })
}

/**
 * What a section calls when it is done: sends its figures, with the Node and
 * msw that measured them, to the parent and exits.
 *
 * @example
 * await report({ rows, data })
 */
export async function report(result) {
  const { versions } = await import('./package.mjs')
  const message = { ...result, versions: versions() }
  if (process.send) {
    process.send({ type: 'result', result: message }, () => process.exit(0))
  } else {
    console.log(JSON.stringify(message, null, 2))
    process.exit(0)
  }
}

/** A progress line the parent prints to stderr. */
export function progress(text) {
  if (process.send) process.send({ type: 'progress', text })
  else console.error(text)
}

/** The options the parent passed, parsed from argv. */
export function sectionOptions() {
  return process.argv[2] ? JSON.parse(process.argv[2]) : {}
}
