import { execFile } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const cache = `${root}node_modules/.cache/conversation-asset-mock`
const bundle = `${cache}/streamed-read-child-${process.pid}.mjs`
const run = promisify(execFile)
const MiB = 1024 * 1024

/** What the child saw while reading one list of a store of small conversations. */
interface Reading {
  readonly status: number
  readonly bytes: number
  readonly chunks: number
  /** The most the heap grew, past the store's own, while the answer was read. */
  readonly growth: number
  readonly events: readonly string[]
}

/** The heap the child gets: room for the store, far from room for its answers built whole. */
const HEAP_MIB = 96
/** Conversations in the store: answers of about 46 MiB and 22 MiB. */
const COUNT = 80_000

/** Reads `path` in a child with a small heap, its server in the same process (one heap for both). */
async function readInChild(path: string): Promise<Reading> {
  const { stdout } = await run(
    process.execPath,
    [`--max-old-space-size=${HEAP_MIB}`, '--max-semi-space-size=2', '--expose-gc', bundle, String(COUNT), path],
    { maxBuffer: MiB },
  )
  return JSON.parse(stdout) as Reading
}

beforeAll(async () => {
  // The child runs the sources as they are: bundled by esbuild, dependencies left to node_modules.
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./streamed-read-child.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  })
  await mkdir(cache, { recursive: true })
  await writeFile(bundle, result.outputFiles[0]!.text)
}, 60_000)

afterAll(() => rm(bundle, { force: true }))

// The growth allowed is what the renderer keeps for later reads (MAX_KEPT_PER_ANSWER forms, about 10 MiB of these)
// and one piece in flight: built whole, the list ran out of the 96 MiB heap, and the state grew by 24 MiB.
describe('a list over a large store', () => {
  it('is written in chunks with the heap bounded, and health is answered before the list ends', async () => {
    const reading = await readInChild('/conversations')
    expect(reading.status).toBe(200)
    expect(reading.bytes).toBeGreaterThan(40 * MiB)
    expect(reading.chunks).toBeGreaterThan(100)
    expect(reading.growth).toBeLessThan(16 * MiB)
    expect(reading.events).toEqual(['health 200', 'list end'])
  }, 120_000)

  it('GET /__mock/state is written in chunks with the heap bounded too', async () => {
    const reading = await readInChild('/__mock/state')
    expect(reading.status).toBe(200)
    expect(reading.bytes).toBeGreaterThan(20 * MiB)
    expect(reading.chunks).toBeGreaterThan(20)
    expect(reading.growth).toBeLessThan(16 * MiB)
    expect(reading.events).toEqual(['health 200', 'list end'])
  }, 120_000)
})
