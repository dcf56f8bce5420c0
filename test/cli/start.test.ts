import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
let child: ChildProcess | undefined

/** Starts the CLI; `nextLine` resolves with the first stdout line (past or future) that matches. */
function startCli(args: string[]) {
  child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  const lines = createInterface({ input: child.stdout! })
  const seen: string[] = []
  const waiting = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>()
  lines.on('line', (line) => {
    seen.push(line)
    for (const waiter of waiting) {
      if (waiter.match(line)) {
        waiting.delete(waiter)
        waiter.resolve(line)
      }
    }
  })
  const nextLine = (match: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const found = seen.find(match)
      if (found !== undefined) return resolve(found)
      waiting.add({ match, resolve })
      child!.once('exit', (code) => reject(new Error(`The CLI exited with ${code}; lines so far: ${seen.join(' | ')}`)))
    })
  return { nextLine }
}

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
})

describe('npm start (the conversation-asset-mock CLI)', () => {
  it('serves the embedded fixtures on loopback, logs each request and stops on SIGTERM', async () => {
    const { nextLine } = startCli(['--port', '0'])
    const ready = await nextLine((line) => line.includes(' ready on '))
    const url = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(ready)![1]!
    expect(ready).toContain('(8 conversations, 12 assets from the embedded fixtures)')
    const response = await fetch(`${url}/conversations/identifiers`)
    expect(response.status).toBe(200)
    expect((await response.json()).iterable).toHaveLength(8)
    expect(await nextLine((line) => line.startsWith('GET /conversations/identifiers 200'))).toMatch(/ms$/)
    child!.kill('SIGTERM')
    const [code] = await once(child!, 'exit')
    expect(code).toBe(143)
  })

  it('answers GET /.well-known/version with the version --os-version sets', async () => {
    const { nextLine } = startCli(['--port', '0', '--quiet', '--os-version', '12.9.1'])
    const ready = await nextLine((line) => line.includes(' ready on '))
    const url = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(ready)![1]!
    const response = await fetch(`${url}/.well-known/version`)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe('12.9.1')
    child!.kill('SIGINT')
    const [code] = await once(child!, 'exit')
    expect(code).toBe(130)
  })

  it.each(['--help', '-h'])('prints its options with %s and exits 0', async (flag) => {
    child = spawn(process.execPath, [bin, flag], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
    for (const option of ['--port', '--host', '--fixtures', '--seed', '--os-version']) expect(output).toContain(option)
  })

  it.each(['--version', '-v'])('prints the package version with %s and exits 0', async (flag) => {
    child = spawn(process.execPath, [bin, flag], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    const [code] = await once(child, 'exit')
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    expect({ code, output }).toEqual({ code: 0, output: `${version}\n` })
  })

  it('refuses a bad port with a one-line message and exit code 2', async () => {
    child = spawn(process.execPath, [bin, '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let errors = ''
    child.stderr!.on('data', (chunk) => (errors += chunk))
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(errors.trim().split('\n')).toHaveLength(1)
  })
})
