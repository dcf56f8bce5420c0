import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { LOAD_RECORDER } from './load-recorder.js'

const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
const children = new Set<ReturnType<typeof spawn>>()

afterEach(() => {
  for (const child of children) child.kill('SIGKILL')
  children.clear()
})

/**
 * Serves with the CLI, answers one `GET /conversations`, stops on SIGINT; the `node:` built-ins it loaded meanwhile,
 * and its own files (of dist/cli/) in the order it loaded them.
 */
async function builtinsOfOneAnswer(args: string[]): Promise<{ status: number; builtins: string[]; own: string[] }> {
  const child = spawn(process.execPath, ['--import', LOAD_RECORDER, bin, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const lines = createInterface({ input: child.stdout })
  const [ready] = (await once(lines, 'line')) as [string]
  const url = /ready on (http:\/\/[^ ]+)/.exec(ready)?.[1]
  if (!url) throw new Error(`The CLI did not say where it is ready: ${ready}`)
  const response = await fetch(`${url}/conversations`)
  await response.arrayBuffer()
  child.kill('SIGINT')
  await once(child, 'exit')
  const builtins = stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded node:'))
    .map((line) => line.slice('loaded '.length))
  const own = stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded file:') && line.includes('/dist/cli/'))
    .map((line) => line.slice(line.lastIndexOf('/') + 1))
  return { status: response.status, builtins: [...new Set(builtins)].sort(), own }
}

describe('the CLI serving', () => {
  it('answers its first request without loading the WebSocket server, the file persistence or the proxy', async () => {
    const { status, builtins } = await builtinsOfOneAnswer([])
    expect(status).toBe(200)
    expect(builtins).toContain('node:http')
    // ws requires https and zlib, the persistence zlib and async_hooks, the owner check child_process.
    expect(builtins.filter((name) => /^node:(https|zlib|async_hooks|child_process)$/.test(name))).toEqual([])
  })

  it('answers its first request without loading node:crypto, which only writing a fixtures directory needs', async () => {
    const { status, builtins } = await builtinsOfOneAnswer([])
    expect(status).toBe(200)
    expect(builtins).not.toContain('node:crypto')
  })

  it('loads what serving needs from four files of the bundle, not one per module family', async () => {
    const { status, own } = await builtinsOfOneAnswer([])
    expect(status).toBe(200)
    expect(own).toEqual([
      'main.js',
      'commands.cjs',
      expect.stringMatching(/^chunk-rolldown-runtime-[\w-]+\.cjs$/),
      expect.stringMatching(/^chunk-serve-[\w-]+\.cjs$/),
    ])
  })

  it('loads the file persistence when --persist names a file', async () => {
    const { status, builtins } = await builtinsOfOneAnswer(['--persist', `${tmpFile()}`])
    expect(status).toBe(200)
    expect(builtins).toEqual(expect.arrayContaining(['node:zlib', 'node:async_hooks']))
  })
})

let made = 0
/** A path in the system's temporary directory nothing else uses. */
function tmpFile(): string {
  return `${process.env.TMPDIR ?? '/tmp'}/cam-cli-first-answer-${process.pid}-${++made}.json`
}
