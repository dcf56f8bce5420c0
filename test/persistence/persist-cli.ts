import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))

/** A CLI server started with --persist, its URL once ready, and what it printed on stderr. */
export interface PersistingCli {
  readonly child: ChildProcess
  readonly url: string
  readonly stderr: string[]
  /** Resolves once stderr is closed: every line the process printed there is in `stderr`. */
  readonly stderrClosed: Promise<void>
  /** Resolves with the exit code (or signal) once the process is gone. */
  readonly exited: Promise<number | NodeJS.Signals>
}

/**
 * Starts the built CLI on port 0 with `--persist file` and `extra` options,
 * through `bash -c 'ulimit -f N; exec node …'` when `fileSizeLimitKiB` is
 * given, node run with `nodeFlags` (such as `--max-old-space-size=32`), and
 * resolves once it printed its ready line.
 */
export async function startPersistingCli(
  file: string,
  extra: readonly string[] = [],
  fileSizeLimitKiB?: number,
  nodeFlags: readonly string[] = [],
): Promise<PersistingCli> {
  const args = [...nodeFlags, BIN, '--port', '0', '--quiet', '--scenario', 'empty', '--persist', file, ...extra]
  const child =
    fileSizeLimitKiB === undefined
      ? spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('bash', ['-c', `ulimit -f ${fileSizeLimitKiB}; exec "$0" "$@"`, process.execPath, ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
        })
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | NodeJS.Signals)
  const stderr: string[] = []
  const errors = createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line))
  const stderrClosed = once(errors, 'close').then(() => undefined)
  const lines = createInterface({ input: child.stdout! })
  const ready = await Promise.race([
    once(lines, 'line').then(([line]) => line as string),
    exited.then((code) => {
      throw new Error(`The CLI exited (${code}) before it was ready: ${stderr.join('\n')}`)
    }),
  ])
  const url = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(ready)?.[1]
  if (!url) throw new Error(`The CLI printed no ready line: ${ready}`)
  return { child, url, stderr, stderrClosed, exited }
}

/** Creates a conversation; resolves with the status and, on 200, its id, or undefined when the connection failed. */
export async function createConversation(
  url: string,
  name: string,
): Promise<{ status: number; id?: string; text: string } | undefined> {
  let response: Response
  try {
    response = await fetch(`${url}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COPILOT', name }),
    })
  } catch {
    return undefined
  }
  const text = await response.text().catch(() => undefined)
  if (text === undefined) return undefined
  if (response.status !== 200) return { status: response.status, text }
  return { status: 200, id: (JSON.parse(text) as { id: string }).id, text }
}

/** The names of every conversation the server holds, by id. */
export async function conversationNames(url: string): Promise<Map<string, string | undefined>> {
  const response = await fetch(`${url}/conversations`)
  const list = (await response.json()) as { iterable: Array<{ id: string; name?: string }> }
  return new Map(list.iterable.map((conversation) => [conversation.id, conversation.name]))
}
