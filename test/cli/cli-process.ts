import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))

/** A running CLI: its process, and a wait for a stdout line (past or future) that matches. */
export interface CliProcess {
  readonly child: ChildProcess
  readonly lines: readonly string[]
  nextLine(match: (line: string) => boolean): Promise<string>
}

const running = new Set<ChildProcess>()

/** The built CLI's process, its output piped, `env` added to this process's environment; stopped by stopAll(). */
function spawnCli(args: string[], env: NodeJS.ProcessEnv): ChildProcessByStdio<null, Readable, Readable> {
  const child = spawn(process.execPath, [bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  running.add(child)
  return child
}

/**
 * Starts the built CLI with `args` (and `env` added to this process's environment); stop it with {@link stopAll}
 * after each test.
 *
 * @example
 * const cli = startCli(['--port', '0'])
 * await cli.nextLine((line) => line.includes(' ready on '))
 */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const child = spawnCli(args, env)
  child.once('exit', () => running.delete(child))
  const seen: string[] = []
  const waiting = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>()
  createInterface({ input: child.stdout! }).on('line', (line) => {
    seen.push(line)
    for (const waiter of waiting) {
      if (waiter.match(line)) {
        waiting.delete(waiter)
        waiter.resolve(line)
      }
    }
  })
  return {
    child,
    lines: seen,
    nextLine: (match) =>
      new Promise<string>((resolve, reject) => {
        const found = seen.find(match)
        if (found !== undefined) return resolve(found)
        waiting.add({ match, resolve })
        child.once('exit', (code) =>
          reject(new Error(`The CLI exited with ${code}; lines so far: ${seen.join(' | ')}`)),
        )
      }),
  }
}

/**
 * Runs the built CLI to its end (with `env` added to this process's environment), with stdout and stderr.
 *
 * @example
 * const { code, stderr } = await runCli(['--port', 'eighty'])
 */
export async function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli(args, env)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const [code] = (await once(child, 'exit')) as [number | null]
  running.delete(child)
  return { code, stdout, stderr }
}

/** Kills every CLI still running. */
export function stopAll(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

/** The URL in a ready line. */
export function urlOf(ready: string): string {
  return /ready on (http:\/\/[^ ]+)/.exec(ready)![1]!
}
