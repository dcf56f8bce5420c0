import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
const sample = new URL('../fixtures/devtools-session.har', import.meta.url)

/** A heap far smaller than the HAR: reading it whole (its text, then its parse) cannot fit. */
const HEAP_MIB = 64
/** Entries of the page's own scripts (skipped), 100 KiB each, and of the service's tag list. */
const SCRIPTS = 560
const TAG_LISTS = 400

let dir: string
let har: string

/** A 60 MB HAR: the developer-tools sample's service entries, with hundreds of tag lists and page scripts between. */
async function writeLargeHar(file: string): Promise<void> {
  const { log } = JSON.parse(await readFile(sample, 'utf8')) as { log: { entries: Array<Record<string, unknown>> } }
  const [page, , stream, , tags, ...rest] = log.entries
  const out = createWriteStream(file)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  const start = Date.parse('2025-03-14T10:15:00.000Z')
  const at = (n: number) => new Date(start + n).toISOString()
  await write('{"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[\n')
  await write(JSON.stringify(stream))
  const script = 'x'.repeat(100 * 1024)
  for (let n = 0; n < SCRIPTS; n++) {
    const entry = {
      ...page,
      startedDateTime: at(n),
      request: { ...(page!.request as object), url: `http://localhost:5173/src/chunk-${n}.js` },
      response: {
        ...(page!.response as object),
        content: { size: script.length, mimeType: 'text/javascript', text: script },
      },
    }
    await write(`,\n${JSON.stringify(entry)}`)
    if (n < TAG_LISTS) await write(`,\n${JSON.stringify({ ...tags, startedDateTime: at(n) })}`)
  }
  for (const entry of rest) await write(`,\n${JSON.stringify(entry)}`)
  await write('\n]}}\n')
  out.end()
  await once(out, 'finish')
}

/** Runs the built CLI with a small heap, to its end. */
async function runSmall(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MIB}`, bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stdout, stderr }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'large-har-'))
  har = join(dir, 'large.har')
  await writeLargeHar(har)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('a HAR much larger than the heap', () => {
  it('is 60 MB, about a heap of 64 MiB', async () => {
    expect((await stat(har)).size).toBeGreaterThan(60_000_000)
  })

  it('imports as fixtures with a 64 MiB heap', async () => {
    const { code, stdout, stderr } = await runSmall(['fixtures', 'import', har, '--out', join(dir, 'fixtures')])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Imported .*10 tags/)
  }, 60_000)

  it('replays in drift with a 64 MiB heap, with no differences', async () => {
    const { code, stdout, stderr } = await runSmall(['drift', har])
    expect(stderr).toBe('')
    expect(stdout.split('\n')[0]).toBe(`No differences in ${TAG_LISTS + 3} exchanges replayed from ${har}.`)
    expect(code).toBe(0)
  }, 60_000)
})
