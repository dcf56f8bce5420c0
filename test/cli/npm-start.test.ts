import { read } from '../support/read.js'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { urlOf } from './cli-process.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
let npm: ChildProcess | undefined

afterEach(() => {
  // npm leads its own process group: whatever a failed test left running goes with it.
  if (npm?.pid !== undefined) {
    try {
      process.kill(-npm.pid, 'SIGKILL')
    } catch {
      // Already gone, as a passing test leaves it.
    }
  }
})

/** Runs `npm start -- --port 0 --quiet` and resolves with its lines once the server is ready. */
async function npmStart(): Promise<{ npm: ChildProcess; url: string; lines: string[]; closed: Promise<unknown> }> {
  npm = spawn('npm', ['start', '--', '--port', '0', '--quiet'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  // The pipe closes only once every process holding it, the server included, has exited.
  const closed = once(npm.stdout!, 'close')
  const ready = new Promise<string>((resolve, reject) => {
    createInterface({ input: npm!.stdout! }).on('line', (line) => {
      lines.push(line)
      if (line.includes(' ready on ')) resolve(line)
    })
    void closed.then(() => reject(new Error(`npm start ended before the server was ready: ${lines.join(' | ')}`)))
  })
  return { npm, url: urlOf(await ready), lines, closed }
}

describe('npm start', () => {
  // SIGTERM: npm forwards it to the shell it runs the script in, which dies and leaves the server.
  // SIGKILL (and SIGHUP, which npm does not forward): npm dies, the shell keeps waiting on the server.
  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'stops the server when the npm process gets %s',
    async (signal) => {
      const started = await npmStart()
      expect((await fetch(`${started.url}/.well-known/health`).then(read)).status).toBe(200)
      started.npm.kill(signal)
      await started.closed
      expect(started.lines.some((line) => line.startsWith('conversation-asset-mock stopping on '))).toBe(true)
      await expect(fetch(`${started.url}/.well-known/health`)).rejects.toThrow()
    },
    40_000,
  )
})
