import { Configuration, ConversationApi, ConversationsApi } from '@pieces.app/pieces-os-client'
import { GONE_ASSET_ID } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { InspectionEvent, RecordDetail } from '../../src/control/inspection/inspection.js'
import { read } from '../support/read.js'

const DAY = 24 * 60 * 60 * 1000
/** The first conversation of the embedded fixtures. */
const CONVERSATION_ID = '0c0c0c0c-0000-4000-8000-000000000001'

describe('the inspection in-process', () => {
  const mock = setupMockServer()
  const configuration = new Configuration({ basePath: mock.baseUrl })
  const conversations = new ConversationsApi(configuration)
  const conversation = new ConversationApi(configuration)

  beforeAll(() => mock.listen())
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  /** Collects the feed's events until stopped. */
  function listen(): { events: InspectionEvent[]; stop: () => void } {
    const events: InspectionEvent[] = []
    const stop = mock.inspection.subscribe((event) => events.push(event))
    return { events, stop }
  }

  it('freezes, sets, advances and resumes the clock, and readable texts and updated follow it', async () => {
    mock.clock.freeze('2024-05-01T12:00:00.000Z')
    const created = await conversations.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'Clocked' },
    })
    expect(created.created.value.toISOString()).toBe('2024-05-01T12:00:00.000Z')
    expect(
      (await conversation.conversationGetSpecificConversation({ conversation: created.id })).created.readable,
    ).toBe('Just now...')

    mock.clock.advance(3 * DAY)
    expect(
      (await conversation.conversationGetSpecificConversation({ conversation: created.id })).created.readable,
    ).toBe('3 days ago')
    const renamed = await conversation.conversationUpdate({ conversation: { ...created, name: 'Renamed' } })
    expect(renamed.updated.value.toISOString()).toBe('2024-05-04T12:00:00.000Z')

    mock.clock.set('2024-06-01T00:00:00.000Z')
    expect(mock.clock.state()).toEqual({ now: '2024-06-01T00:00:00.000Z', frozen: true, offsetMs: expect.any(Number) })
    mock.clock.resume()
    expect(mock.clock.state().frozen).toBe(false)
    expect(mock.clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse('2024-06-01T00:00:00.000Z'))

    await mock.reset()
    expect(mock.clock.state()).toMatchObject({ frozen: false, offsetMs: 0 })
  })

  it('tells the feed of each stub added, used up or removed and each latency change, so the steering reads them again', async () => {
    const { events, stop } = listen()
    mock.stubs.add({ operation: 'conversationsSnapshot', times: 1, answer: { status: 418 } })
    const answer = await fetch(`${mock.baseUrl}/conversations`)
    expect([answer.status, await answer.text()]).toEqual([418, ''])
    mock.stubs.add({ operation: 'conversationsSnapshot', answer: { status: 418 } })
    mock.stubs.remove(mock.stubs.list()[0]!.id)
    mock.latency.set({ default: 5 })
    mock.latency.reset()
    stop()
    expect(events.filter((event) => event.type === 'steering')).toHaveLength(6)
  })

  it('refuses a time that is not one, naming it', () => {
    expect(() => mock.clock.set('yesterday')).toThrow(`Failed to set the mock's clock: "yesterday" is not a time.`)
    expect(() => mock.clock.advance(Number.NaN)).toThrow(
      /Failed to advance the mock's clock: NaN is not a number of milliseconds/,
    )
    expect(mock.clock.state().offsetMs).toBe(0)
  })

  it('numbers journal entries and keeps each answer, cut at 64 KiB', async () => {
    await conversations.conversationsSnapshot({})
    await fetch(`${mock.baseUrl}/asset/nope`).then(read)
    const { rows } = mock.inspection.journalRows()
    expect(rows.map(({ id, operation, status }) => ({ id, operation, status }))).toEqual([
      { id: expect.any(Number), operation: 'conversationsSnapshot', status: 200 },
      { id: rows[0]!.id + 1, operation: 'asset_snapshot', status: 410 },
    ])
    const list = mock.inspection.journalEntry(rows[0]!.id)!
    expect(list.response).toMatchObject({ status: 200, contentType: 'application/json', truncated: false })
    expect(JSON.parse(list.response!.body!).iterable).toHaveLength(8)
    expect(mock.inspection.journalEntry(rows[1]!.id)!.response).toMatchObject({
      status: 410,
      body: 'Asset no longer exists and is Gone.',
    })

    await conversations.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'x'.repeat(100_000) },
    })
    const big = mock.inspection.journalRows().rows.at(-1)!
    const kept = mock.inspection.journalEntry(big.id)!.response!
    expect(kept.truncated).toBe(true)
    expect(new TextEncoder().encode(kept.body).byteLength).toBeLessThanOrEqual(64 * 1024)
  })

  it('lists records newest first, searchable, with tombstones marked gone', async () => {
    const created = await conversations.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'Needle in a haystack' },
    })
    const all = mock.inspection.records('conversation')
    expect(all.total).toBe(9)
    expect(all.rows[0]).toEqual({ kind: 'conversation', id: created.id, label: 'Needle in a haystack' })
    expect(mock.inspection.records('conversation', { query: 'NEEDLE' }).rows.map((row) => row.id)).toEqual([created.id])
    expect(mock.inspection.records('conversation', { query: created.id.slice(0, 13) }).total).toBeGreaterThanOrEqual(1)

    const name = mock.inspection.record('asset', GONE_ASSET_ID)!.label
    mock.clock.freeze('2024-05-01T12:00:00.000Z')
    await mock.removeAsset(GONE_ASSET_ID)
    const assets = mock.inspection.records('asset')
    const deleted = { kind: 'asset', id: GONE_ASSET_ID, label: name, gone: true, deletedAt: '2024-05-01T12:00:00.000Z' }
    expect(name).not.toMatch(/deleted|unnamed/)
    expect(assets.rows.at(-1)).toEqual(deleted)
    expect(mock.inspection.records('asset', { query: name }).rows).toContainEqual(deleted)
    expect(mock.inspection.record('asset', GONE_ASSET_ID)).toEqual({ ...deleted, links: [] })
    expect(mock.inspection.overview().gone.asset).toBe(1)
  })

  it('shows a record as the official client receives it, with its links both ways', async () => {
    const [first] = mock.store.all('conversation')
    const detail = mock.inspection.record('conversation', first!.id) as RecordDetail
    const read = await fetch(`${mock.baseUrl}/conversation/${first!.id}`).then((response) => response.json())
    expect(detail.wire).toEqual(read)
    const messages = detail.links.find((link) => link.field === 'messages')!
    expect(messages).toMatchObject({ direction: 'from', kind: 'message' })
    expect(messages.records.map((row) => row.id)).toEqual(first!.messages)

    const message = mock.inspection.record('message', first!.messages[0]!)!
    expect(message.links).toContainEqual(
      expect.objectContaining({
        direction: 'from',
        field: 'conversation',
        records: [expect.objectContaining({ id: first!.id })],
      }),
    )
    const [asset] = mock.store.all('asset')
    const format = mock.inspection.record('format', asset!.original)!
    expect(format.links).toContainEqual(
      expect.objectContaining({
        direction: 'to',
        field: 'asset.original',
        records: [expect.objectContaining({ id: asset!.id })],
      }),
    )
    expect(mock.inspection.record('conversation', 'no-such-id')).toBeUndefined()
  })

  it('shows the messages a message is linked with once, as the other message shows it', async () => {
    const [first] = mock.store.all('conversation')
    const [one, other] = first!.messages as [string, string]
    const linked = await fetch(`${mock.baseUrl}/message/${one}/messages/associate/${other}`, { method: 'POST' })
    expect(linked.status).toBe(204)
    const links = (id: string) =>
      mock.inspection.record('message', id)!.links.filter((link) => link.field === 'messages')
    expect(links(one)).toEqual([
      expect.objectContaining({ direction: 'from', records: [expect.objectContaining({ id: other })] }),
    ])
    expect(links(other)).toEqual([
      expect.objectContaining({ direction: 'from', records: [expect.objectContaining({ id: one })] }),
    ])
  })

  it('tells its listeners of requests, record changes, stream clients, frames, faults and the clock', async () => {
    const { events, stop } = listen()
    const socket = new WebSocket(mock.streamUrls.conversations)
    await new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }))
    const created = await conversations.conversationsCreateSpecificConversation({})
    mock.faults.add({ operation: 'conversationsSnapshot', status: 503, times: 1 })
    mock.clock.advance(DAY)
    socket.close()
    await new Promise((resolve) => socket.addEventListener('close', resolve, { once: true }))
    await expect
      .poll(() => events.some((event) => event.type === 'streams' && event.streams.conversations.clients === 0))
      .toBe(true)
    stop()

    expect(events).toContainEqual({
      type: 'streams',
      streams: expect.objectContaining({
        conversations: { clients: 1, frames: expect.any(Number) },
        assets: expect.anything(),
      }),
    })
    expect(events).toContainEqual({
      type: 'frame',
      frame: expect.objectContaining({ stream: 'conversations', clients: 1, items: 8 }),
    })
    expect(events).toContainEqual({ type: 'records', kinds: ['conversation'] })
    expect(events).toContainEqual({
      type: 'frame',
      frame: expect.objectContaining({
        stream: 'conversations',
        items: 1,
        text: JSON.stringify({ iterable: [{ conversation: { id: created.id } }] }),
      }),
    })
    expect(events).toContainEqual({
      type: 'request',
      row: expect.objectContaining({ operation: 'conversationsCreateSpecificConversation', status: 200 }),
    })
    expect(events).toContainEqual({
      type: 'faults',
      faults: [expect.objectContaining({ operation: 'conversationsSnapshot', status: 503, remaining: 1 })],
      streamFaults: [],
    })
    expect(events).toContainEqual({ type: 'clock', clock: expect.objectContaining({ offsetMs: DAY }) })
    expect(mock.inspection.streams().frames.at(-1)).toMatchObject({ stream: 'conversations', items: 1 })
  })

  it('hears requests while a listener is subscribed, none after the last one leaves, and again after a new one subscribes', async () => {
    const first = listen()
    await conversations.conversationsSnapshot({})
    first.stop()
    await conversations.conversationsSnapshot({})
    const second = listen()
    await conversation.conversationGetSpecificConversation({ conversation: CONVERSATION_ID })
    second.stop()
    const requests = (events: InspectionEvent[]) =>
      events.flatMap((event) => (event.type === 'request' ? [event.row.operation] : []))
    expect(requests(first.events)).toEqual(['conversationsSnapshot'])
    expect(requests(second.events)).toEqual(['conversationGetSpecificConversation'])
    expect(mock.journal.entries.map((entry) => entry.operation)).toEqual([
      'conversationsSnapshot',
      'conversationsSnapshot',
      'conversationGetSpecificConversation',
    ])
  })

  it('answers verify with the same near-miss table verify() throws', async () => {
    await conversations.conversationsSnapshot({})
    expect(mock.inspection.verify({ operation: 'conversationsSnapshot', times: 1 })).toMatchObject({
      ok: true,
      matched: 1,
      requests: [{ operation: 'conversationsSnapshot' }],
    })
    const outcome = mock.inspection.verify({ operation: 'conversationsSnapshot', times: 2 })
    let thrown = ''
    try {
      mock.verify({ operation: 'conversationsSnapshot', times: 2 })
    } catch (error) {
      thrown = (error as Error).message
    }
    expect(outcome).toEqual({ ok: false, message: thrown })
    expect(thrown).toContain('Nearest misses')
  })

  it('keeps snapshots by id and brings them back', async () => {
    const { id, counts } = mock.inspection.snapshots.take()
    expect(counts.conversation).toBe(8)
    await conversations.conversationsCreateSpecificConversation({})
    expect(await mock.inspection.snapshots.restore(id)).toBe(true)
    expect(mock.store.count('conversation')).toBe(8)
    expect(await mock.inspection.snapshots.restore('snapshot-none')).toBe(false)
    expect(mock.inspection.overview().snapshots.map((snapshot) => snapshot.id)).toContain(id)
  })

  it('answers and commits the request when a listener of the feed throws', async () => {
    const stop = mock.inspection.subscribe(() => {
      throw new Error('listener broke')
    })
    const errors: unknown[] = []
    const original = console.error
    console.error = (error: unknown) => errors.push(error)
    try {
      const created = await conversations.conversationsCreateSpecificConversation({
        seededConversation: { type: 'COPILOT', name: 'Still here' },
      })
      expect(mock.store.get('conversation', created.id)?.name).toBe('Still here')
    } finally {
      console.error = original
      stop()
    }
    expect(errors.length).toBeGreaterThan(0)
  })
})
