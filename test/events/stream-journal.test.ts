import { once } from 'node:events'
import { controlClient, type Journal, type JournalEntry } from 'conversation-asset-mock'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { WebSocket } from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime, type TestSocket } from './stream-runtimes.js'

/*
 * Every WebSocket in the journal: an accepted stream is kept from the moment
 * it opens, with its name and its frames counted, and gains its close code
 * when it closes; refused upgrades are kept with their status; and
 * `verify({ stream })` checks them.
 */

const ask = (query: string) => JSON.stringify({ question: { query, relevant: { iterable: [] } } })

/** Resolves with the first journal entry kept or heard that matches, by its content and its id. */
function journaled(journal: Journal, matches: (entry: JournalEntry, id: number) => boolean): Promise<JournalEntry> {
  const { entries } = journal
  const first = journal.lastId - entries.length + 1
  const kept = entries.find((entry, at) => matches(entry, first + at))
  if (kept) return Promise.resolve(kept)
  return new Promise((resolve) => {
    const stop = journal.subscribe((entry, id) => {
      if (!entry || !matches(entry, id)) return
      stop()
      resolve(entry)
    })
  })
}

/** Creates a tag over HTTP, as a client would, and reads the tag answered: the tags stream sends a frame for it. */
const createTag = async (baseUrl: string, text: string) => {
  const response = await fetch(`${baseUrl}/tags/create`, { method: 'POST', body: JSON.stringify({ text }) })
  return response.json()
}

const sockets = (journal: Journal) => journal.entries.filter((entry) => entry.transport === 'websocket')

/** A small journal, so a test can fill it. */
const JOURNAL_LIMIT = 8

describe.each(streamRuntimes)('the journal of WebSockets, $name', ({ start }) => {
  let mock: StreamRuntime
  const open: TestSocket[] = []

  async function connect(url: string) {
    const client = mock.open<unknown>(url)
    open.push(client.socket)
    await client.opened
    return client
  }

  beforeAll(async () => {
    mock = await start({ journalLimit: JOURNAL_LIMIT })
  })
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('keeps an accepted stream with its name while it is open, then its close code, reason and frame counts', async () => {
    const { socket, frames } = await connect(mock.streamUrls.conversations)
    await frames.next()
    const [opened] = sockets(mock.service.journal)
    expect(opened).toMatchObject({
      transport: 'websocket',
      operation: 'conversationsStreamIdentifiers',
      method: 'GET',
      path: '/conversations/stream/identifiers',
      status: 101,
      websocket: { stream: 'conversations', state: 'open', framesReceived: 0 },
    })
    expect(opened!.websocket!.framesSent).toBeGreaterThanOrEqual(1)
    expect(opened!.websocket!.closeCode).toBeUndefined()

    socket.send('{"hello":true}')
    socket.send('{"hello":false}')
    const closed = journaled(mock.service.journal, (entry) => entry.websocket?.closeCode !== undefined)
    socket.close(4001, 'done here')
    expect((await closed).websocket).toMatchObject({
      stream: 'conversations',
      state: 'closed',
      framesReceived: 2,
      closeCode: 4001,
      closeReason: 'done here',
    })
    // Closed, the entry is the same one, found by its operation like any request.
    expect(mock.service.journal.byOperation('conversationsStreamIdentifiers')).toEqual([
      expect.objectContaining({ websocket: expect.objectContaining({ state: 'closed', closeCode: 4001 }) }),
    ])
  })

  it('counts the frames the service sends while the socket is open', async () => {
    const { frames } = await connect(mock.streamUrls.tags)
    await frames.next()
    const before = sockets(mock.service.journal)[0]!.websocket!.framesSent
    await createTag(mock.baseUrl, 'journaled')
    await frames.next()
    expect(sockets(mock.service.journal)[0]!.websocket!.framesSent).toBe(before + 1)
  })

  it('answers WebSockets on GET /__mock/journal, with their stream and, once closed, their close code', async () => {
    const { socket, frames } = await connect(mock.streamUrls.health)
    await frames.next()
    const read = async () =>
      ((await (await fetch(`${mock.baseUrl}/__mock/journal`)).json()) as { requests: JournalEntry[] }).requests.filter(
        (entry) => entry.transport === 'websocket',
      )
    expect(await read()).toEqual([
      expect.objectContaining({
        operation: 'getWellKnownStreamHealth',
        status: 101,
        websocket: expect.objectContaining({ stream: 'health', state: 'open', framesSent: 1 }),
      }),
    ])
    const closed = journaled(mock.service.journal, (entry) => entry.websocket?.state === 'closed')
    socket.close(1000)
    await closed
    expect(await read()).toEqual([
      expect.objectContaining({ websocket: expect.objectContaining({ state: 'closed', closeCode: 1000 }) }),
    ])
    const byOperation = await fetch(`${mock.baseUrl}/__mock/journal?operation=getWellKnownStreamHealth`)
    expect(((await byOperation.json()) as { requests: unknown[] }).requests).toHaveLength(1)
  })

  it('records the close code of a stream fault that closes the socket', async () => {
    const { frames } = await connect(mock.streamUrls.tags)
    await frames.next()
    mock.service.faults.addStream({ stream: 'tags', close: { code: 4500, reason: 'Injected.' }, times: 1 })
    const closed = journaled(mock.service.journal, (entry) => entry.websocket?.closeCode !== undefined)
    await createTag(mock.baseUrl, 'closes it')
    expect((await closed).websocket).toMatchObject({ stream: 'tags', state: 'closed', closeCode: 4500 })
  })

  it('verifies one copilot connection with verify({ stream: "qgpt", times: 1 }), and names what differs otherwise', async () => {
    const { socket, frames } = await connect(mock.streamUrls.qgpt)
    socket.send(ask('What is a closure?'))
    await frames.next((frame) => (frame as { status?: string }).status === 'COMPLETED')
    expect(mock.service.verify({ stream: 'qgpt', times: 1, minFramesReceived: 1, minFramesSent: 2 })).toHaveLength(1)
    expect(() => mock.service.verify({ stream: 'qgpt', times: 2 })).toThrow(
      /expected a qgpt WebSocket, accepted exactly 2 times, but it matched 1 time\.[\s\S]*Matching connections \(1\):\n {2}#\d+ +WS +\/qgpt\/stream +101 open/,
    )
    expect(() => mock.service.verify({ stream: 'conversations' })).toThrow(
      /expected a conversations WebSocket, accepted at least once, but it matched 0 times[\s\S]*Nearest misses \(1 of 1 other WebSockets\):[\s\S]*stream is qgpt/,
    )
    expect(() => mock.service.verify({ stream: 'qgpt', minFramesReceived: 5 })).toThrow(
      /1 frames received, expected at least 5/,
    )
    expect(() => mock.service.verify({ stream: 'qgpt', closeCode: 1000 })).toThrow(/still open/)
  })

  it('refuses to verify a stream the mock does not serve, naming the nearest', () => {
    // @ts-expect-error: not a stream name
    expect(() => mock.service.verify({ stream: 'qgtp' })).toThrow(
      /"qgtp" is not a stream of the mock\. Did you mean "qgpt"/,
    )
  })

  it('keeps within its limit however many sockets open, the newest with their close', async () => {
    const { journal } = mock.service
    const firstId = journal.lastId + 1
    for (let at = 0; at < 20; at++) {
      const client = mock.open<unknown>(mock.streamUrls.health)
      await client.frames.next()
      const id = journal.lastId
      const closed = journaled(journal, (entry, entryId) => entryId === id && entry.websocket?.state === 'closed')
      client.socket.close()
      await closed
    }
    expect(journal.entries).toHaveLength(JOURNAL_LIMIT)
    expect(journal.dropped).toBe(20 - JOURNAL_LIMIT)
    expect(journal.lastId).toBe(firstId + 19)
    expect(journal.entries.map((entry) => entry.websocket?.state)).toEqual(Array(JOURNAL_LIMIT).fill('closed'))
  })
})

describe('refused WebSocket upgrades on the standalone server', () => {
  const standalone = streamRuntimes.find((runtime) => runtime.name.startsWith('standalone'))!
  let mock: StreamRuntime
  beforeAll(async () => {
    mock = await standalone.start()
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  /** Opens a socket the server refuses, and resolves with the refusal's journal entry. */
  async function refused(path: string, headers: Record<string, string> = {}) {
    const entry = journaled(mock.service.journal, (candidate) => candidate.websocket?.state === 'refused')
    const socket = new WebSocket(`${mock.baseUrl.replace(/^http/, 'ws')}${path}`, { headers })
    const status = new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0)
        socket.terminate()
      }),
    )
    socket.on('error', () => undefined)
    return { entry: await entry, status: await status }
  }

  it('keeps an upgrade to a path of no stream with its 404 and the text the client was answered', async () => {
    const { entry, status } = await refused('/no/such/stream')
    expect(status).toBe(404)
    expect(entry).toMatchObject({
      transport: 'websocket',
      operation: '',
      path: '/no/such/stream',
      status: 404,
      websocket: { state: 'refused', framesSent: 0, framesReceived: 0, refusal: 'No stream here.' },
    })
    expect(entry.websocket!.stream).toBeUndefined()
  })

  it('keeps an upgrade the access policy refuses with its 403', async () => {
    const { entry, status } = await refused('/__mock/journal', { host: 'evil.example' })
    expect(status).toBe(403)
    expect(entry).toMatchObject({
      path: '/__mock/journal',
      status: 403,
      websocket: { state: 'refused', refusal: expect.stringContaining('localhost') },
    })
  })

  it('keeps a stream refused past the stream client limit with its 503 and stream, and verifies it by status', async () => {
    const server = await startStandaloneServer({ port: 0, maxStreamClients: 2 })
    const url = server.streamUrls.qgpt
    const clients = [new WebSocket(url), new WebSocket(url)]
    try {
      await Promise.all(clients.map((client) => once(client, 'open')))
      const entry = journaled(server.service.journal, (candidate) => candidate.websocket?.state === 'refused')
      const third = new WebSocket(url)
      third.on('error', () => undefined)
      const [, response] = (await once(third, 'unexpected-response')) as [unknown, { statusCode?: number }]
      third.terminate()
      expect(response.statusCode).toBe(503)
      expect(await entry).toMatchObject({ status: 503, websocket: { stream: 'qgpt', state: 'refused' } })
      expect(server.service.verify({ stream: 'qgpt', status: 503, times: 1 })).toHaveLength(1)
      expect(server.service.verify({ stream: 'qgpt', times: 2 })).toHaveLength(2)
      expect(() => server.service.verify({ stream: 'qgpt', times: 3 })).toThrow(/status is 503, expected 101/)
    } finally {
      for (const client of clients) client.terminate()
      await server.close()
    }
  })

  it('verifies streams over the control API, failing with the same table', async () => {
    const client = mock.open<unknown>(mock.streamUrls.user)
    await client.opened
    try {
      const control = controlClient(mock.baseUrl)
      expect(await control.verify({ stream: 'user', times: 1 })).toHaveLength(1)
      await expect(control.verify({ stream: 'user', times: 3 })).rejects.toThrow(
        /expected a user WebSocket, accepted exactly 3 times, but it matched 1 time/,
      )
    } finally {
      client.socket.close()
    }
  })
})
