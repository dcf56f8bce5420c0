import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalDetail } from '../../src/control/inspection/inspection.js'
import { requestPhases } from '../../src/execution/request-marks.js'
import type { HarEntry } from '../../src/replay/har/har-types.js'
import { createJournal } from '../../src/control/journal/journal.js'
import type { RequestMarks } from '../../src/execution/request-marks.js'
import { requestRecord } from '../support/request-record.js'

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

describe('the moments a journal keeps of its requests', () => {
  const marked = (at: number): RequestMarks => ({ received: at, started: at + 1, handled: at + 3 })
  const whole = { status: 200, contentType: 'application/json', body: '{}' }

  it('tells the same phases of an answer written whole after thousands of later requests', () => {
    const journal = createJournal({ limit: 5000 })
    const all: RequestMarks[] = []
    for (let at = 0; at < 3000; at++) {
      const marks = marked(at)
      all.push(marks)
      journal.record(requestRecord({ marks }), whole)
      // The transport marks the answer written after the journal kept the request.
      if (at > 0) all[at - 1]!.written = at + 3.5
    }
    expect(journal.entry(1)?.timing).toEqual({ queued: 1, handled: 2, written: 1.5 })
    expect(journal.entry(2999)?.timing).toEqual({ queued: 1, handled: 2, written: 1.5 })
    // The newest is not written yet: no written phase, until the transport marks it.
    expect(journal.entry(3000)?.timing).toEqual({ queued: 1, handled: 2 })
    all[2999]!.written = 3003.25
    expect(journal.entry(3000)?.timing).toEqual({ queued: 1, handled: 2, written: 1.25 })
  })

  it("follows a streamed answer's pieces however many requests come after it", () => {
    const journal = createJournal({ limit: 5000 })
    const streamed = marked(0)
    streamed.written = 4
    journal.record(requestRecord({ marks: streamed }), { status: 200, live: new ReadableStream() })
    for (let at = 1; at < 600; at++) {
      const marks = marked(at)
      journal.record(requestRecord({ marks }), whole)
      marks.written = at + 4
    }
    streamed.firstPiece = 5
    streamed.lastPiece = 9
    expect(journal.entry(1)?.timing).toEqual({ queued: 1, handled: 2, written: 1, streamed: 4 })
  })

  it('keeps the moments of an answer never written as they are, and of a dropped request none', () => {
    const journal = createJournal({ limit: 400 })
    const unwritten = marked(0)
    journal.record(requestRecord({ marks: unwritten }), { networkError: true })
    for (let at = 1; at < 350; at++) {
      const marks = marked(at)
      journal.record(requestRecord({ marks }), whole)
      marks.written = at + 4
    }
    expect(journal.entry(1)?.timing).toEqual({ queued: 1, handled: 2 })
    expect(journal.entry(349)?.timing).toEqual({ queued: 1, handled: 2, written: 1 })
    for (let at = 350; at < 800; at++) journal.record(requestRecord({ marks: marked(at) }), whole)
    expect(journal.entry(1)).toBeUndefined()
  })
})
