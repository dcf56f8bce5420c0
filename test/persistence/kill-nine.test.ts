import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seededRandom } from '../../src/store/clock-and-ids/seeded-random.js'
import { conversationNames, createConversation, startPersistingCli } from './persist-cli.js'

const ROUNDS = 12
const WRITERS = 8

describe("durable --persist across kill -9, each start taking over the killed server's lock", () => {
  let dir: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-kill-nine-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it(`loses no acknowledged write over ${ROUNDS} rounds of ${WRITERS} writers killed at random moments`, async () => {
    const file = join(dir, 'state.json')
    const random = seededRandom(27)
    const acknowledged = new Map<string, string>()
    let lost: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startPersistingCli(file)
      // Every write acknowledged before is there after the restart.
      const names = await conversationNames(server.url)
      lost = [...acknowledged].filter(([id, name]) => names.get(id) !== name).map(([id]) => id)
      expect(lost).toEqual([])
      // Killed after a number of acknowledged creates drawn from a seeded sequence: writes are in flight then.
      const killAfter = random.int(1, 80)
      let acks = 0
      let killed = false
      let reached: () => void = () => undefined
      const killMoment = new Promise<void>((resolve) => (reached = resolve))
      const writer = async (w: number) => {
        for (let n = 0; !killed; n++) {
          const name = `round ${round} writer ${w} #${n}`
          const result = await createConversation(server.url, name)
          if (!result) return
          expect(result.status).toBe(200)
          acknowledged.set(result.id!, name)
          if (++acks === killAfter) reached()
        }
      }
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w))
      await Promise.race([killMoment, Promise.all(writers)])
      killed = true
      server.child.kill('SIGKILL')
      await Promise.all(writers)
      expect(await server.exited).toBe('SIGKILL')
      await server.stderrClosed
      // The lock the killed server held was stale when this one started, and taken over.
      const tookOver = server.stderr.filter((line) => line.includes('took over'))
      expect(tookOver).toHaveLength(round === 0 ? 0 : 1)
    }
    const last = await startPersistingCli(file)
    try {
      const names = await conversationNames(last.url)
      lost = [...acknowledged].filter(([id, name]) => names.get(id) !== name).map(([id]) => id)
      expect(lost).toEqual([])
      expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: last.child.pid })
      expect(acknowledged.size).toBeGreaterThanOrEqual(ROUNDS)
    } finally {
      last.child.kill('SIGKILL')
      await last.exited
    }
  }, 300_000)
})
