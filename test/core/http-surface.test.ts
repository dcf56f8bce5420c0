import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { baseUrlParts } from '../../src/core/http-surface/base-url-parts.js'
import type { HttpReply } from '../../src/core/http-surface/http-reply.js'
import { createHttpSurface, type SurfaceRequest } from '../../src/core/http-surface/http-surface.js'
import { SERVICE_CORS_HEADERS } from '../../src/core/http-surface/service-cors.js'
import { portOf } from '../../src/core/service-port.js'
import { MockServiceError } from '../../src/errors.js'

const BASE = 'http://localhost:1000/api'

function surfaceOf() {
  return createHttpSurface(portOf(createMockService({ scenario: 'empty' })), baseUrlParts(BASE))
}

/** A request with no body and no query. */
const bodiless: SurfaceRequest = { query: new URLSearchParams(), body: () => '' }

function withBody(reply: HttpReply) {
  if ('networkError' in reply) throw new Error('expected a reply, not a network error')
  return reply
}

describe('the service’s HTTP surface at a base URL', () => {
  it('answers a preflight of the service’s own paths with 204 and the CORS headers', async () => {
    const surface = surfaceOf()
    const match = surface.match('OPTIONS', new URL(`${BASE}/conversations/create`))
    expect(match).toEqual({ preflight: true })
    expect(await surface.reply('OPTIONS', match!, bodiless)).toEqual({
      status: 204,
      headers: { ...SERVICE_CORS_HEADERS },
    })
  })

  it('leaves a preflight of the control API and any request outside the base unmatched', () => {
    const surface = surfaceOf()
    expect(surface.match('OPTIONS', new URL(`${BASE}/__mock/journal`))).toBeUndefined()
    expect(surface.match('GET', new URL('http://localhost:1000/conversations'))).toBeUndefined()
    expect(surface.match('GET', new URL('http://localhost:2000/api/conversations'))).toBeUndefined()
    expect(surface.match('GET', new URL(`${BASE}/no/such/path`))).toBeUndefined()
  })

  it('answers a routed request with the service’s answer and the CORS headers', async () => {
    const surface = surfaceOf()
    const url = new URL(`${BASE}/conversations/create`)
    const match = surface.match('POST', url)!
    expect(match).toMatchObject({ path: '/conversations/create', open: true })
    const body = JSON.stringify({ type: 'COPILOT', name: 'From the surface' })
    const reply = withBody(await surface.reply('POST', match, { query: url.searchParams, body: () => body }))
    expect(reply.status).toBe(200)
    expect(reply.headers).toMatchObject({ ...SERVICE_CORS_HEADERS, 'content-type': 'application/json' })
    expect(JSON.parse(reply.body as string)).toMatchObject({ name: 'From the surface' })
  })

  it('answers the control API without the CORS headers', async () => {
    const surface = surfaceOf()
    const match = surface.match('GET', new URL(`${BASE}/__mock/journal`))!
    const reply = withBody(await surface.reply('GET', match, bodiless))
    expect(reply.status).toBe(200)
    expect(reply.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('answers a body that cannot be read with its error, the CORS headers kept', async () => {
    const surface = surfaceOf()
    const match = surface.match('POST', new URL(`${BASE}/conversations/create`))!
    const tooLarge = () => Promise.reject(new MockServiceError('PAYLOAD_TOO_LARGE', 'The body is too large.'))
    const reply = withBody(await surface.reply('POST', match, { query: new URLSearchParams(), body: tooLarge }))
    expect(reply.status).toBe(413)
    expect(reply.body).toBe('The body is too large.')
    expect(reply.headers['access-control-allow-origin']).toBe('*')
  })

  it('answers a HEAD as its GET, with the length and no body', async () => {
    const surface = surfaceOf()
    const match = surface.match('HEAD', new URL(`${BASE}/conversations`))!
    const reply = withBody(await surface.reply('HEAD', match, bodiless))
    expect(reply.status).toBe(200)
    expect(reply.body).toBeUndefined()
    expect(Number(reply.headers['content-length'])).toBeGreaterThan(0)
  })
})
