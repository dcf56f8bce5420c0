import { copyFile, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { decodeLog } from '../../src/persistence/change-log-format.js'
import { persistToFile } from '../../src/persistence/file/file-persistence.js'
import { parseStateFileText } from './state-file-text.js'

describe('durable --persist in the standalone server', () => {
  let dir: string
  let file: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-group-commit-'))
    file = join(dir, 'state.json')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  const create = (url: string, name: string) =>
    fetch(`${url}/conversations/create`, { method: 'POST', body: JSON.stringify({ type: 'COPILOT', name }) })

  it('has each answered write in its log already', async () => {
    const server = await startStandaloneServer({ port: 0, persist: file, scenario: 'empty' })
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => create(server.url, `concurrent ${n}`)))
      const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { id: string }).id))
      const segments = (await readdir(dir)).filter((name) => name.startsWith('state.json.log.'))
      const frames = (
        await Promise.all(segments.map(async (name) => decodeLog(await readFile(join(dir, name)))))
      ).flatMap((log) => log.frames)
      const logged = new Set(frames.flatMap((frame) => frame.changes.map(([, id]) => id)))
      expect(ids.filter((id) => !logged.has(id))).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('lets writes that come while a flush runs share the next frame (and its fsync)', async () => {
    const service = createMockService({ fixtures: {} })
    const persistence = await persistToFile(service, file, { warn: () => undefined })
    const path = '/conversations/create'
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        persistence.settle(() =>
          service.answer(service.route('POST', path)!, {
            method: 'POST',
            path,
            query: new URLSearchParams(),
            body: JSON.stringify({ type: 'COPILOT', name: `concurrent ${n}` }),
          }),
        ),
      ),
    )
    expect(answers.every((answer) => 'status' in answer && answer.status === 200)).toBe(true)
    const segments = (await readdir(dir)).filter((name) => name.startsWith('state.json.log.'))
    const frames = (
      await Promise.all(segments.map(async (name) => decodeLog(await readFile(join(dir, name)))))
    ).flatMap((log) => log.frames)
    expect(frames.flatMap((frame) => frame.changes)).toHaveLength(50)
    expect(frames.length).toBeLessThan(10)
    await persistence.stop()
    service.close()
  })

  it('leaves one state file holding every write after a clean stop, and loads it', async () => {
    const first = await startStandaloneServer({ port: 0, persist: file, scenario: 'empty' })
    const answer = await create(first.url, 'kept')
    const { id } = (await answer.json()) as { id: string }
    await first.close()
    expect(await readdir(dir)).toEqual(['state.json'])
    const second = await startStandaloneServer({ port: 0, persist: file, scenario: 'empty' })
    try {
      expect(second.service.store.get('conversation', id)?.name).toBe('kept')
    } finally {
      await second.close()
    }
  })

  it('compacts the log into the state file in the background, and replays what came after on restart', async () => {
    const service = createMockService({ fixtures: {} })
    // Compacted whenever the log is as large as the (small) state.
    const persistence = await persistToFile(service, file, { compactAtBytes: 1, warn: () => undefined })
    const names: string[] = []
    const createInProcess = (name: string) =>
      persistence.settle(() => {
        const path = '/conversations/create'
        names.push(name)
        return service.answer(service.route('POST', path)!, {
          method: 'POST',
          path,
          query: new URLSearchParams(),
          body: JSON.stringify({ type: 'COPILOT', name }),
        })
      })
    for (let n = 0; n < 30; n++) await Promise.all([createInProcess(`a${n}`), createInProcess(`b${n}`)])
    await persistence.flush()
    const compacted = parseStateFileText(await readFile(file, 'utf8'))
    expect(compacted.seq).toBeGreaterThan(0)
    expect(compacted.records.conversation?.length).toBeGreaterThan(0)
    for (let n = 0; n < 5; n++) await createInProcess(`after ${n}`)
    // Copied without a stop: the file and what is left of the log are all a crash would leave.
    const copy = join(dir, 'copy')
    await mkdir(copy)
    // The log first, the state after: a segment compaction removes meanwhile is in the state copied after it.
    const segments = (await readdir(dir)).filter((name) => /^state\.json\.log\.\d+$/.test(name))
    for (const name of segments) await copyFile(join(dir, name), join(copy, name)).catch(() => undefined)
    await copyFile(file, join(copy, 'state.json'))
    await persistence.stop()
    service.close()
    const restarted = createMockService({ fixtures: {} })
    const again = await persistToFile(restarted, join(copy, 'state.json'), { warn: () => undefined })
    try {
      const held = new Set([...restarted.store.all('conversation')].map((conversation) => conversation.name))
      expect(names.filter((name) => !held.has(name))).toEqual([])
      expect(held.size).toBe(65)
    } finally {
      await again.stop()
      restarted.close()
    }
  })
})
