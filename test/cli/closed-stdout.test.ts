import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PassThrough } from 'node:stream'
import { watchStdout } from '../../src/cli/watch-stdout.js'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'

const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
const har = fileURLToPath(new URL('../fixtures/devtools-session.har', import.meta.url))

let dir: string
const running = new Set<ChildProcess>()
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'closed-stdout-'))
})
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

/** Starts the built CLI with its stdout read by the test, and its stderr kept. */
function start(args: string[]) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  return { child, exited, stderr: () => stderr }
}

/** Runs a command whose reader goes away before it writes (as `| head -0` does): its exit code and stderr. */
async function runWithReaderGone(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const cli = start(args)
  cli.child.stdout!.destroy()
  const code = await cli.exited
  return { code, stderr: cli.stderr() }
}

/** Starts a long-running command, reads its first line, then closes its output as `| head -1` does. */
async function firstLineThenClose(args: string[]) {
  const cli = start(args)
  const lines = createInterface({ input: cli.child.stdout! })
  const [first] = (await once(lines, 'line')) as [string]
  lines.close()
  cli.child.stdout!.destroy()
  return { ...cli, first }
}

describe('a command whose output is cut by its reader', () => {
  it('fixtures import ends quietly with exit code 0', async () => {
    expect(await runWithReaderGone(['fixtures', 'import', har, '--out', join(dir, 'fixtures')])).toEqual({
      code: 0,
      stderr: '',
    })
  })

  it('drift ends quietly with exit code 0', async () => {
    expect(await runWithReaderGone(['drift', har])).toEqual({ code: 0, stderr: '' })
  })

  it('fixtures and --help end quietly with exit code 0', async () => {
    expect(await runWithReaderGone(['fixtures', '--assets', '2', '--out', join(dir, 'generated')])).toEqual({
      code: 0,
      stderr: '',
    })
    expect(await runWithReaderGone(['drift', '--help'])).toEqual({ code: 0, stderr: '' })
  })

  describe('a server or a recorder', () => {
    let upstream: StandaloneServer
    beforeEach(async () => {
      upstream = await startStandaloneServer({ port: 0 })
    })
    afterEach(() => upstream.close())

    it('record keeps recording, logs nowhere, and ends with 143 on SIGTERM as any stop on a signal does', async () => {
      const out = join(dir, 'session.har')
      const cli = await firstLineThenClose(['record', '--upstream', upstream.url, '--out', out, '--port', '0'])
      const proxy = /through (\S+) into/.exec(cli.first)![1]!
      // Each exchange is a line on stdout, written after the reader went away.
      for (let n = 0; n < 3; n++)
        expect((await fetch(`${proxy}/tags`).then((answer) => answer.text())).length).toBeGreaterThan(0)
      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(143)
      expect(cli.stderr()).toBe('')
    })

    it('serve keeps serving, logs nowhere, and ends with 143 on SIGTERM as any stop on a signal does', async () => {
      const cli = await firstLineThenClose(['--port', '0'])
      const url = /ready on (http:\/\/[^ ]+)/.exec(cli.first)![1]!
      for (let n = 0; n < 3; n++)
        expect(await fetch(`${url}/tags`).then((answer) => answer.status + (answer.body?.cancel(), 0))).toBe(200)
      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(143)
      expect(cli.stderr()).toBe('')
    })
  })
})

describe('an output that fails for another reason than its reader leaving', () => {
  it('is said once on stderr and ends with exit code 1 at least', () => {
    const stdout = new PassThrough()
    const stderr = new PassThrough()
    const codes: number[] = []
    const output = watchStdout(stdout, stderr, (code) => codes.push(code))
    const full = Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC' })
    stdout.emit('error', full)
    stdout.emit('error', full)
    expect(String(stderr.read())).toBe(
      'Failed to write the output: no space left on device, write. Write it to a file or a pipe that can take it.\n',
    )
    expect({ codes, afterSuccess: output.exitCode(0), afterDifferences: output.exitCode(2), cut: output.cut }).toEqual({
      codes: [1],
      afterSuccess: 1,
      afterDifferences: 2,
      cut: false,
    })
  })
})
