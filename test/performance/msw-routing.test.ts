import { read } from '../support/read.js'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMockService } from '../../src/index.js'
import { createMswAdapter } from '../../src/msw/index.js'

type ListenOptions = Parameters<ReturnType<typeof setupServer>['listen']>[0]

/** Reports each unhandled request to `record`, on msw 2 (`onUnhandledRequest`) and msw 3 (`onUnhandledFrame`). */
function reportUnhandled(record: (request: Request) => void): ListenOptions {
  return {
    onUnhandledRequest: (request: Request) => record(request),
    onUnhandledFrame: ({ frame }: { frame: { protocol: string; data: { request?: Request } } }) => {
      if (frame.protocol === 'http' && frame.data.request) record(frame.data.request)
    },
  } as ListenOptions
}

// The MSW handlers are one catch-all that routes like per-route handlers did.
describe('the MSW handlers route every operation through the service router', () => {
  const service = createMockService()
  // Not strict: what no operation answers reaches MSW's onUnhandledRequest, as before strict mode.
  const msw = createMswAdapter(service, { baseUrl: 'http://localhost:39311', strict: false })
  const server = setupServer(...msw.handlers)
  const unhandled: string[] = []
  const base = msw.baseUrl

  beforeAll(() =>
    server.listen(reportUnhandled((request) => unhandled.push(`${request.method} ${new URL(request.url).pathname}`))),
  )
  afterEach(() => {
    server.resetHandlers()
    unhandled.length = 0
  })
  afterAll(() => server.close())

  it('answers static routes before parameter routes, with or without a trailing slash', async () => {
    const [conversation] = service.store.all('conversation')
    expect((await fetch(`${base}/conversations/`).then(read)).status).toBe(200)
    expect((await fetch(`${base}/conversations/identifiers`).then(read)).status).toBe(200)
    const answer = await fetch(`${base}/conversation/${encodeURIComponent(conversation!.id)}`)
    expect(((await answer.json()) as { id: string }).id).toBe(conversation!.id)
  })

  it('decodes parameters as MSW does', async () => {
    const response = await fetch(`${base}/conversation/a%20b`)
    expect(response.status).toBe(410)
    expect(await response.text()).toBe('Conversation not found.')
  })

  it('with strict: false, leaves requests no operation answers unhandled, and lets handlers added with use() go first', async () => {
    await fetch(`${base}/no/such/route`).catch(() => undefined)
    await fetch(`${base}/conversations`, { method: 'DELETE' }).catch(() => undefined)
    expect(unhandled).toEqual(['GET /no/such/route', 'DELETE /conversations'])
    server.use(http.get(`${base}/conversations`, () => HttpResponse.json({ overridden: true })))
    expect(await (await fetch(`${base}/conversations`)).json()).toEqual({ overridden: true })
  })
})

describe('the MSW handlers under a base URL with a path', () => {
  const service = createMockService()
  const server = setupServer(...createMswAdapter(service, { baseUrl: 'http://localhost:39312/api/' }).handlers)
  const unhandled: string[] = []

  beforeAll(() => server.listen(reportUnhandled((request) => unhandled.push(new URL(request.url).pathname))))
  afterAll(() => server.close())

  it('answer under that path only', async () => {
    expect((await fetch('http://localhost:39312/api/conversations').then(read)).status).toBe(200)
    await fetch('http://localhost:39312/conversations').catch(() => undefined)
    expect(unhandled).toEqual(['/conversations'])
  })
})
