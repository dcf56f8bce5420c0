import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordFrames } from '../../src/events/frame-recorder.js'
import { setupMockServer } from '../../src/node/setup-mock-server.js'
import { WebSocket as NodeWebSocket } from 'ws'
import { createMockService } from '../../src/core/create-mock-service.js'
import { createMswAdapter } from '../../src/msw/create-msw-adapter.js'
import { mockServerHost } from '../../src/node/mock-server-host.js'
import { read } from '../support/read.js'

const countOf = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/conversations/identifiers`)
  return ((await response.json()) as { iterable: unknown[] }).iterable.length
}

describe('two setupMockServer()s on different base URLs in one process', () => {
  const first = setupMockServer({ baseUrl: 'http://localhost:39331' })
  const second = setupMockServer({ baseUrl: 'http://localhost:39332', scenario: 'empty' })

  beforeAll(async () => {
    await first.listen()
    await second.listen()
  })
  afterAll(() => second.close())

  it('both answer, each from its own records', async () => {
    expect(await countOf(first.baseUrl)).toBe(8)
    expect(await countOf(second.baseUrl)).toBe(0)
    expect((await fetch(`${first.baseUrl}/no/such/operation`).then(read)).status).toBe(404)
    expect(first.journal.entries.at(-1)).toMatchObject({ operation: 'unknown', path: '/no/such/operation' })
    expect(second.journal.entries.some((entry) => entry.operation === 'unknown')).toBe(false)
  })

  it("closing the first leaves the second's streams and requests working", async () => {
    first.close()
    const socket = new globalThis.WebSocket(second.streamUrls.conversations)
    const frames = recordFrames(socket)
    expect((await frames.next()).iterable).toEqual([])
    const created = await fetch(`${second.baseUrl}/conversations/create`, {
      method: 'POST',
      body: '{"type":"COPILOT"}',
    }).then(read)
    expect(created.status).toBe(200)
    expect((await frames.next()).iterable).toHaveLength(1)
    socket.close()
    expect(await countOf(second.baseUrl)).toBe(1)
  })
})

describe("a project's own setupServer beside the mock", () => {
  it('fails the mock at listen() naming the recipe that works, when the project listens first', async () => {
    const own = setupServer(http.get('http://api.example.test/profile', () => HttpResponse.json({ name: 'Ada' })))
    own.listen({ onUnhandledRequest: 'bypass' })
    const mock = setupMockServer({ baseUrl: 'http://localhost:39333' })
    try {
      await expect(mock.listen()).rejects.toThrow(
        /Failed to start the mock server: another MSW setupServer\(\) is already listening.*createMswAdapter\(createMockService\(\)\)/,
      )
      expect(await (await fetch('http://api.example.test/profile')).json()).toEqual({ name: 'Ada' })
    } finally {
      mock.close()
      own.close()
    }
  })

  it('reports the takeover on the next check when the project listens after the mock', async () => {
    const mock = setupMockServer({ baseUrl: 'http://localhost:39334' })
    await mock.listen()
    const own = setupServer(http.get('http://api.example.test/settings', () => HttpResponse.json({ theme: 'dark' })))
    own.listen({ onUnhandledRequest: 'bypass' })
    try {
      expect(() => mockServerHost().assertListening()).toThrow(
        /another MSW setupServer\(\) listened after it.*setupServer\(\.\.\.msw\.handlers/,
      )
    } finally {
      own.close()
      mock.close()
    }
  })

  it("answers both the project's handlers and the mock's with the recipe: the mock's handlers in the project's server", async () => {
    const msw = createMswAdapter(createMockService(), { baseUrl: 'http://localhost:39335' })
    const own = setupServer(
      ...msw.handlers,
      http.get('http://api.example.test/profile', () => HttpResponse.json({ name: 'Ada' })),
    )
    own.listen({ onUnhandledRequest: 'error' })
    msw.startStreams({ fallback: NodeWebSocket })
    try {
      expect(await (await fetch('http://api.example.test/profile')).json()).toEqual({ name: 'Ada' })
      expect(await countOf(msw.baseUrl)).toBe(8)
      const first = await recordFrames(new globalThis.WebSocket(msw.streamUrls.assets)).next()
      expect(first.iterable.length).toBe(12)
    } finally {
      msw.stopStreams()
      own.close()
    }
  })
})
