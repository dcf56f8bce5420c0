import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { conversationNames, startPersistingCli } from './persist-cli.js'

const MiB = 1024 * 1024
const BUDGET = 32 * MiB
/**
 * The heap the restarted server gets: below what reading the ~32 MB file as one string and parsing it takes
 * (a bare node process cannot JSON.parse it at 40 MiB), so only a file read record by record loads.
 */
const SMALL_HEAP_MIB = 32
/** A name of control characters: 256 Ki characters held, 1.5 MiB of JSON (each written as \u0001). */
const NAME = '\u0001'.repeat(256 * 1024)

describe('a --persist file full of escape-heavy text, written at the store budget', () => {
  let dir: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-at-budget-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('stays within the budget on disk and loads again in a process with a small heap', async () => {
    const file = join(dir, 'state.json')
    const budget = ['--max-store-bytes', String(BUDGET)]
    const server = await startPersistingCli(file, budget)
    const answered: string[] = []
    for (;;) {
      const response = await fetch(`${server.url}/conversations/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'COPILOT', name: NAME }),
      })
      const text = await response.text()
      if (response.status !== 200) {
        expect(response.status).toBe(507)
        expect(text).toContain('maxStoreBytes')
        break
      }
      answered.push((JSON.parse(text) as { id: string }).id)
    }
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(143)
    // The budget counts the bytes the file holds: filled to it, the file is about its size and no larger.
    expect(answered.length).toBeGreaterThan(15)
    const { size } = await stat(file)
    expect(size).toBeGreaterThan(BUDGET * 0.85)
    expect(size).toBeLessThanOrEqual(BUDGET)

    const restarted = await startPersistingCli(file, budget, undefined, [`--max-old-space-size=${SMALL_HEAP_MIB}`])
    try {
      const names = await conversationNames(restarted.url)
      expect(answered.filter((id) => names.get(id) !== NAME)).toEqual([])
    } finally {
      restarted.child.kill('SIGKILL')
      await restarted.exited
    }
  }, 120_000)
})
