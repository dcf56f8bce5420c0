import { describe, expect, it } from 'vitest'
import { createJournal } from '../../src/control/journal/journal.js'
import { createMockService } from '../../src/core/create-mock-service.js'
import { send, statusOf } from './in-process.js'
import { requestRecord } from '../support/request-record.js'

const MiB = 1024 * 1024

const request = (bodyText: string) =>
  requestRecord({
    operation: 'conversationsCreateSpecificConversation',
    method: 'POST',
    path: '/conversations/create',
    bodyText,
    status: 500,
  })

describe('the journal stays within its bounds whatever the requests carry', () => {
  it('keeps 16 MiB of entries by default, and journalBytes sets another bound', () => {
    expect(createMockService().journal.byteLimit).toBe(16 * MiB)
    expect(createMockService({ journalBytes: MiB }).journal.byteLimit).toBe(MiB)
  })

  it('keeps the first 64 KiB of a 2 MiB rejected body as text, says it was cut, and drops the oldest entries past its byte limit', async () => {
    const service = createMockService({ journalBytes: MiB })
    const body = JSON.stringify('x'.repeat(2 * MiB))
    for (let sent = 0; sent < 20; sent++) {
      expect(statusOf(await send(service, 'POST', '/conversations/create', body))).toBe(500)
    }
    const { journal } = service
    expect(journal.bytes).toBeLessThanOrEqual(MiB)
    expect(journal.entries.length).toBeLessThan(20)
    expect(journal.dropped).toBe(20 - journal.entries.length)
    expect(journal.lastId).toBe(20)
    const newest = journal.entries.at(-1)!
    expect(newest.bodyTruncated).toBe(true)
    expect(newest.body).toBe(body.slice(0, 64 * 1024))
    expect(journal.entry(20)).toBe(newest)
  })

  it('holds a body as text and parses it again each time it is read, so entries never share or keep the parsed value', () => {
    const journal = createJournal()
    journal.record(request('{"seededConversation":{"type":"COPILOT"}}'))
    const [entry] = journal.entries
    expect(entry!.body).toEqual({ seededConversation: { type: 'COPILOT' } })
    expect(entry!.body).not.toBe(entry!.body)
    expect(JSON.parse(JSON.stringify(journal.entries))).toEqual([
      expect.objectContaining({ body: { seededConversation: { type: 'COPILOT' } } }),
    ])
    expect({ ...entry }).toHaveProperty('body', { seededConversation: { type: 'COPILOT' } })
  })

  it('counts a body that fits by its length, so many small entries stay within the limit too', () => {
    const journal = createJournal({ bytes: 64 * 1024 })
    const body = JSON.stringify({ text: 'x'.repeat(1000) })
    for (let sent = 0; sent < 200; sent++) journal.record(request(body))
    expect(journal.bytes).toBeLessThanOrEqual(64 * 1024)
    expect(journal.bytes).toBeGreaterThan(32 * 1024)
    expect(journal.entries.length + journal.dropped).toBe(200)
    expect(journal.entries.every((entry) => (entry.body as { text: string }).text.length === 1000)).toBe(true)
  })

  it('journals a body that is not JSON as its text, and none as undefined', () => {
    const journal = createJournal()
    journal.record(request('not json'))
    journal.record(request(''))
    journal.record(request('  '))
    expect(journal.entries.map((entry) => entry.body)).toEqual(['not json', undefined, undefined])
  })

  it('refuses a byte limit that is not a whole number', () => {
    expect(() => createJournal({ bytes: -1 })).toThrow(/byte limit -1 is not a whole number/)
  })
})

describe('the journal stays within its bounds however many WebSockets open', () => {
  const quiet = { send() {}, close() {} }

  it('keeps the newest sockets of 100,000 within its limit, and a dropped socket that closes is not kept again', async () => {
    const service = createMockService({ journalLimit: 100 })
    await service.ready
    const health = service.streams.find((stream) => stream.name === 'health')!
    const first = health.open(quiet)
    for (let opened = 1; opened < 100_000; opened++) health.open(quiet).leave(1000)
    const { journal } = service
    expect(journal.entries).toHaveLength(100)
    expect(journal.dropped).toBe(100_000 - 100)
    expect(journal.bytes).toBeLessThanOrEqual(100 * 1024)
    const heard: number[] = []
    journal.subscribe((_entry, id) => heard.push(id))
    first.leave(1000)
    expect(heard).toEqual([])
    expect(journal.entries.every((entry) => entry.websocket?.state === 'closed')).toBe(true)
  })

  it('drops the oldest refused upgrades past its byte limit, long paths counted', async () => {
    const service = createMockService({ journalBytes: 64 * 1024 })
    await service.ready
    for (let refused = 0; refused < 100; refused++) service.refuseUpgrade(`/${'x'.repeat(8 * 1024)}/${refused}`)
    const { journal } = service
    expect(journal.bytes).toBeLessThanOrEqual(64 * 1024)
    expect(journal.entries.length).toBeLessThan(10)
    expect(journal.dropped).toBe(100 - journal.entries.length)
    expect(journal.entries.at(-1)).toMatchObject({ status: 404, websocket: { state: 'refused' } })
  })
})
