import { read } from '../support/read.js'
import { once } from 'node:events'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import WebSocket from 'ws'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openRaw } from './raw-connection.js'

const EVIL = 'http://evil.example'
const ALLOWED = 'http://localhost:5173'

/** The faults the mock holds, through the control API. */
async function faultCount(server: StandaloneServer): Promise<number> {
  const { faults } = (await (await fetch(`${server.url}/__mock/faults`)).json()) as { faults: unknown[] }
  return faults.length
}

/** A WebSocket upgrade's answer: 'open', or the status it was refused with. */
async function upgradeOutcome(url: string, headers: Record<string, string> = {}): Promise<string> {
  const socket = new WebSocket(url, { headers })
  const outcome = await Promise.race([
    once(socket, 'open').then(() => 'open'),
    once(socket, 'unexpected-response').then(([, response]) => String((response as { statusCode: number }).statusCode)),
  ])
  socket.terminate()
  return outcome
}

describe('the control API of the standalone server against pages of other sites', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, allowedOrigins: [`${ALLOWED}/`] })
  })
  beforeEach(async () => {
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' })
    await fetch(`${server.url}/__mock/faults`, { method: 'DELETE' })
  })
  afterAll(() => server.close())

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no content type', undefined],
  ])('refuses a body sent as %s with 415 and changes nothing', async (_name, contentType) => {
    const response = await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      ...(contentType && { headers: { 'content-type': contentType } }),
      body: JSON.stringify({ operation: 'conversationsSnapshot', status: 500 }),
    })
    expect(response.status).toBe(415)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toMatch(
      /^The control API takes JSON bodies only: send content-type: application\/json/,
    )
    expect(await faultCount(server)).toBe(0)
    expect((await fetch(`${server.url}/conversations`).then(read)).status).toBe(200)
  })

  it('takes a JSON body, with or without a charset, and bodyless POST and DELETE', async () => {
    for (const contentType of ['application/json', 'Application/JSON; charset=utf-8']) {
      const response = await fetch(`${server.url}/__mock/faults`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: JSON.stringify({ operation: 'conversationsSnapshot', status: 500 }),
      }).then(read)
      expect(response.status).toBe(201)
    }
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST', body: '' }).then(read)).status).toBe(204)
    expect((await fetch(`${server.url}/__mock/faults`, { method: 'DELETE' }).then(read)).status).toBe(204)
  })

  it('does not let every page read its answers, while the service routes still do', async () => {
    const journal = await fetch(`${server.url}/__mock/journal`).then(read)
    expect(journal.status).toBe(200)
    expect(journal.headers.get('access-control-allow-origin')).toBeNull()
    const service = await fetch(`${server.url}/conversations`, { headers: { origin: EVIL } }).then(read)
    expect(service.status).toBe(200)
    expect(service.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('refuses the preflight of a page of another site, and answers the preflight of the service routes for any', async () => {
    const headers = {
      origin: EVIL,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    }
    const control = await fetch(`${server.url}/__mock/faults`, { method: 'OPTIONS', headers }).then(read)
    expect(control.status).toBe(403)
    expect(control.headers.get('access-control-allow-origin')).toBeNull()
    const service = await fetch(`${server.url}/conversations/create`, { method: 'OPTIONS', headers })
    expect(service.status).toBe(204)
    expect(service.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('refuses a page of another site, and lets in one of allowedOrigins with its own origin in the answer', async () => {
    const foreign = await fetch(`${server.url}/__mock/journal`, { headers: { origin: EVIL } })
    expect(foreign.status).toBe(403)
    expect(await foreign.text()).toMatch(
      /^The control API answers pages of its own origin only, not http:\/\/evil\.example\./,
    )

    const preflight = await fetch(`${server.url}/__mock/faults`, {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED)
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type')
    const allowed = await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      headers: { origin: ALLOWED, 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'conversationsSnapshot', status: 500 }),
    }).then(read)
    expect(allowed.status).toBe(201)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED)
    expect(allowed.headers.get('vary')).toBe('origin')
  })

  it('refuses a Host that is not a loopback name (DNS rebinding), even with no Origin', async () => {
    const connection = await openRaw(
      server.port,
      `POST /__mock/reset HTTP/1.1\r\nhost: rebound.example:${server.port}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
    )
    await connection.closed
    expect(connection.received()).toMatch(/^HTTP\/1\.1 403 /)
    expect(connection.received()).toContain('The control API answers requests to localhost, 127.0.0.1 or [::1] only')
  })

  it('refuses stream upgrades on /__mock from another site or through a foreign Host, and keeps the service streams open to all', async () => {
    const wsBase = `ws://127.0.0.1:${server.port}`
    expect(await upgradeOutcome(`${wsBase}/__mock/events`, { origin: EVIL })).toBe('403')
    expect(await upgradeOutcome(`${wsBase}/__mock/events`, { host: `rebound.example:${server.port}` })).toBe('403')
    expect(await upgradeOutcome(`${wsBase}/__mock/events`)).toBe('404')
    expect(await upgradeOutcome(server.streamUrls.conversations, { origin: EVIL })).toBe('open')
  })

  it('refuses the live feed of the inspector to a page of another site', async () => {
    const feed = await fetch(`${server.url}/__mock/events`, { headers: { origin: EVIL } })
    expect(feed.status).toBe(403)
    await feed.text()
  })
})

describe('allowedOrigins', () => {
  it('refuses a value that is not an origin when the server starts', async () => {
    await expect(startStandaloneServer({ port: 0, allowedOrigins: ['localhost:5173'] })).rejects.toThrow(
      'Failed to create the mock service: allowedOrigins holds "localhost:5173", which is not an origin. Give origins such as http://localhost:5173.',
    )
  })
})
