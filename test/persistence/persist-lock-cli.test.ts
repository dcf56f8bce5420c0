import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../cli/cli-process.js'
import { conversationNames, createConversation, startPersistingCli } from './persist-cli.js'

const WRITES = 300
const WRITERS = 8

/** Every file of `dir` with its contents. */
async function contentsOf(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).sort()
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')])),
  )
}

describe('the CLI: one server per --persist file', () => {
  let dir: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-persist-lock-cli-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  for (const durability of ['durable', 'relaxed'] as const) {
    it(`refuses a second ${durability} server on the file, naming the first's pid, and loses none of the first's ${WRITES} answered writes`, async () => {
      const file = join(dir, 'state.json')
      const first = await startPersistingCli(file, ['--durability', durability])
      const answered = new Map<string, string>()
      let next = 0
      const writer = async () => {
        while (next < WRITES) {
          const name = `write ${next++}`
          const result = await createConversation(first.url, name)
          expect(result?.status).toBe(200)
          answered.set(result!.id!, name)
        }
      }
      await Promise.all(Array.from({ length: WRITERS }, writer))
      // Relaxed saving may still be writing in the background: its lock alone is held still.
      const watched = durability === 'durable' ? () => contentsOf(dir) : () => readFile(`${file}.lock`, 'utf8')
      const before = await watched()

      const second = await runCli(['--port', '0', '--persist', file, '--durability', durability])
      expect(second.code).toBe(1)
      expect(second.stdout).not.toContain('ready on')
      expect(second.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^Failed to start with --persist ".*state\\.json": another server \\(process ${first.child.pid},`),
        ),
      ])
      expect(await watched()).toEqual(before)

      first.child.kill('SIGTERM')
      expect(await first.exited).toBe(143)
      expect(await readdir(dir)).not.toContain('state.json.lock')

      const again = await startPersistingCli(file, ['--durability', durability])
      try {
        const names = await conversationNames(again.url)
        expect([...answered].filter(([id, name]) => names.get(id) !== name)).toEqual([])
        expect(answered.size).toBe(WRITES)
      } finally {
        again.child.kill('SIGTERM')
        expect(await again.exited).toBe(143)
      }
      await again.stderrClosed
      expect(again.stderr.filter((line) => line.includes('took over'))).toEqual([])
    }, 60_000)
  }
})
