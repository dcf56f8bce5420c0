import { once } from 'node:events'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli, startCli, stopAll, urlOf } from './cli-process.js'

const VARIABLE = 'CONVERSATION_ASSET_MOCK_CODE_CACHE'
let scratch: string

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'cam-code-cache-'))
})

afterEach(async () => {
  stopAll()
  await rm(scratch, { recursive: true, force: true })
})

/** Starts the CLI with `env`, waits for its ready line, runs `check` on its URL and kills it (SIGKILL). */
async function startAndKill(env: NodeJS.ProcessEnv, check?: (url: string) => Promise<void>): Promise<void> {
  const cli = startCli(['--port', '0'], env)
  const ready = await cli.nextLine((line) => line.includes(' ready on '))
  await check?.(urlOf(ready))
  cli.child.kill('SIGKILL')
  await once(cli.child, 'exit')
}

/** The status of `GET /conversations`, its body read. */
async function conversationsStatus(url: string): Promise<number> {
  const response = await fetch(`${url}/conversations`)
  await response.arrayBuffer()
  return response.status
}

/** Each entry of a cache directory with its size and modification time. */
async function entries(directory: string): Promise<Map<string, { size: number; mtimeMs: number }>> {
  const found = new Map<string, { size: number; mtimeMs: number }>()
  for (const name of await readdir(directory)) {
    const { size, mtimeMs } = await stat(join(directory, name))
    found.set(name, { size, mtimeMs })
  }
  return found
}

/** The cache entry of the chunk that serving loads (the largest). */
function serveEntry(names: Iterable<string>): string {
  const name = [...names].find((entry) => entry.startsWith('chunk-serve-'))
  if (name === undefined) throw new Error(`No entry of the serving chunk among ${[...names].join(', ')}`)
  return name
}

describe('the CLI keeping its compiled code between starts', () => {
  it('writes the code of the files it loaded before it says it is ready, so a server stopped by SIGKILL keeps it', async () => {
    const cache = join(scratch, 'cache')
    await startAndKill({ [VARIABLE]: cache })
    const kept = await entries(cache)
    // Only chunks named by their content's hash: `commands.cjs` is rebuilt under the same name.
    expect([...kept.keys()].filter((name) => !name.startsWith('chunk-'))).toEqual([])
    expect(kept.get(serveEntry(kept.keys()))!.size).toBeGreaterThan(100_000)
    expect([...kept.keys()].filter((name) => name.endsWith('.partial'))).toEqual([])
  })

  it('runs the next start from the kept code, writing nothing again', async () => {
    const cache = join(scratch, 'cache')
    await startAndKill({ [VARIABLE]: cache })
    const first = await entries(cache)
    await startAndKill({ [VARIABLE]: cache }, async (url) => {
      expect(await conversationsStatus(url)).toBe(200)
    })
    // V8 took every entry: one it refused would have been written again, with a new modification time.
    expect(await entries(cache)).toEqual(first)
  })

  it('compiles as before when an entry is damaged, answers as ever, and writes the entry again', async () => {
    const cache = join(scratch, 'cache')
    await startAndKill({ [VARIABLE]: cache })
    const damaged = join(cache, serveEntry(await readdir(cache)))
    await writeFile(damaged, Buffer.alloc(4096, 7))
    await startAndKill({ [VARIABLE]: cache }, async (url) => {
      const response = await fetch(`${url}/conversations`)
      expect(response.status).toBe(200)
      expect(((await response.json()) as { iterable: unknown[] }).iterable.length).toBeGreaterThan(0)
    })
    expect((await readFile(damaged)).equals(Buffer.alloc(4096, 7))).toBe(false)
  })

  it('writes the code of a chunk loaded after it was ready when it exits', async () => {
    const cache = join(scratch, 'cache')
    const cli = startCli(['--port', '0'], { [VARIABLE]: cache })
    const url = urlOf(await cli.nextLine((line) => line.includes(' ready on ')))
    // The pattern engine's run bodies are a chunk of their own, loaded by the first request that needs them.
    const response = await fetch(`${url}/workstream_pattern_engine/processors/sources`)
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    const machineRuns = (names: string[]) => names.filter((name) => name.startsWith('chunk-machine-runs-'))
    expect(machineRuns(await readdir(cache))).toEqual([])
    cli.child.kill('SIGTERM')
    await once(cli.child, 'exit')
    expect(machineRuns(await readdir(cache))).toHaveLength(1)
  })

  it('runs the fixtures command from its kept code too, which loads node:crypto and faker on first use', async () => {
    const env = { [VARIABLE]: join(scratch, 'cache') }
    for (const out of ['first', 'second']) {
      const { code, stderr } = await runCli(['fixtures', '--out', join(scratch, out), '--assets', '2'], env)
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    }
    expect(await readdir(join(scratch, 'second'))).toEqual(await readdir(join(scratch, 'first')))
  })

  it.skipIf(process.platform === 'win32')('uses no directory that other users may write to', async () => {
    const shared = join(scratch, 'shared')
    await mkdir(shared)
    await chmod(shared, 0o777)
    await startAndKill({ [VARIABLE]: shared }, async (url) => {
      expect(await conversationsStatus(url)).toBe(200)
    })
    expect(await readdir(shared)).toEqual([])
  })

  it.skipIf(process.platform === 'win32')('uses no directory reached through a link', async () => {
    const target = join(scratch, 'target')
    await mkdir(target, { mode: 0o700 })
    const link = join(scratch, 'link')
    await symlink(target, link, 'dir')
    await startAndKill({ [VARIABLE]: link }, async (url) => {
      expect(await conversationsStatus(url)).toBe(200)
    })
    expect(await readdir(target)).toEqual([])
  })

  it('keeps it in a directory of its own in the temporary directory by default, and none when told "off"', async () => {
    const temporary = join(scratch, 'tmp')
    await mkdir(temporary)
    await startAndKill({ TMPDIR: temporary, TMP: temporary, TEMP: temporary, [VARIABLE]: 'off' })
    expect(await readdir(temporary)).toEqual([])
    await startAndKill({ TMPDIR: temporary, TMP: temporary, TEMP: temporary, [VARIABLE]: '' })
    const [own, ...others] = await readdir(temporary)
    expect(others).toEqual([])
    expect(own).toMatch(/^conversation-asset-mock-code-/)
    expect((await stat(join(temporary, own!))).mode & 0o077).toBe(0)
    expect((await readdir(join(temporary, own!))).length).toBeGreaterThan(0)
  })
})
