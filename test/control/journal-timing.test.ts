import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalDetail } from '../../src/control/inspection/inspection.js'
import { requestPhases } from '../../src/execution/request-marks.js'
import type { HarEntry } from '../../src/replay/har/har-types.js'

const MiB = 1024 * 1024

describe("a journal entry's timing, split into the mock's phases", () => {
  let server: StandaloneServer
  const get = (path: string) => fetch(`${server.url}${path}`).then((answer) => answer.text())
  const detailOf = async (id: number) => JSON.parse(await get(`/__mock/journal/${id}`)) as JournalDetail
  const lastId = async () =>
    (JSON.parse(await get('/__mock/journal/rows')) as { rows: { id: number }[] }).rows.at(-1)!.id

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, scenario: 'empty', maxStoreBytes: 16 * MiB })
  })
  afterAll(() => server?.close())

  it('reads queued, handled and written for an answer written whole, and no streamed phase', async () => {
    await get('/conversations')
    const { entry } = await detailOf(await lastId())
    expect(Object.keys(entry.timing ?? {})).toEqual(['queued', 'handled', 'written'])
    for (const ms of Object.values(entry.timing!)) expect(ms).toBeGreaterThanOrEqual(0)
  })

  it('reads the streamed phase of an answer written in pieces', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: 'POST', body: JSON.stringify(body) }).then((answer) => answer.json())
    const { id } = (await post('/conversations/create', { type: 'COPILOT' })) as { id: string }
    const raw = 'x'.repeat(MiB)
    await post('/messages/create', { role: 'USER', fragment: { string: { raw } }, conversation: { id } })
    expect((await get('/messages')).length).toBeGreaterThan(MiB)
    const { entry } = await detailOf(await lastId())
    expect(entry.timing).toMatchObject({ streamed: expect.any(Number) })
    expect(entry.timing!.streamed).toBeGreaterThanOrEqual(0)
  })

  it("writes the phases into the HAR export's timings, and its time is their sum", async () => {
    server.service.journal.clear()
    await get('/conversations')
    const har = JSON.parse(await get('/__mock/journal/har')) as { log: { entries: HarEntry[] } }
    const { time, timings } = har.log.entries.at(-1)!
    expect(timings).toMatchObject({
      blocked: timings._queued,
      send: 0,
      wait: timings._handled,
      receive: timings._written,
    })
    expect(time).toBeCloseTo(timings.blocked! + timings.wait + timings.receive, 6)
  })

  it('is absent until the handler ran, and counts from the arrival', () => {
    expect(requestPhases({ received: 10 })).toBeUndefined()
    expect(requestPhases({ received: 10, started: 11, handled: 14, written: 14.5 })).toEqual({
      queued: 1,
      handled: 3,
      written: 0.5,
    })
    expect(
      requestPhases({ received: 0, started: 1, handled: 2, written: 3, firstPiece: 3, lastPiece: 9 })?.streamed,
    ).toBe(6)
  })
})
