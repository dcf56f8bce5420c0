import { describe, expect, it, vi } from 'vitest'
import { useMockServer } from '../../src/vitest/use-mock-server.js'
import { read } from '../support/read.js'

// A DOM library whose fetch keeps the same-origin policy (happy-dom under msw 3) preflights the
// mock and reads only answers that allow its origin, as a browser does with the standalone server.
describe('the MSW handlers and CORS', () => {
  const mock = useMockServer({ baseUrl: 'http://localhost:39342' })

  it('answer a preflight of the service with 204 and the methods and headers a client sends', async () => {
    const response = await fetch(`${mock.baseUrl}/conversations/create`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type')
  })

  it('let any origin read the service answers, bodies and empty answers alike', async () => {
    const listed = await fetch(`${mock.baseUrl}/conversations/identifiers`).then(read)
    expect(listed.status).toBe(200)
    expect(listed.headers.get('access-control-allow-origin')).toBe('*')
    const missing = await fetch(`${mock.baseUrl}/conversation/no-such-conversation`).then(read)
    expect(missing.status).toBe(410)
    expect(missing.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('leave the control API closed to other origins: no preflight answer, no CORS header', async () => {
    const journal = await fetch(`${mock.baseUrl}/__mock/journal`).then(read)
    expect(journal.status).toBe(200)
    expect(journal.headers.get('access-control-allow-origin')).toBeNull()
    // Unhandled: MSW's "error" strategy fails the preflight and says so on console.error.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      await expect(fetch(`${mock.baseUrl}/__mock/journal`, { method: 'OPTIONS' })).rejects.toThrow()
      expect(String(reported.mock.calls[0]?.[0])).toContain(`OPTIONS ${mock.baseUrl}/__mock/journal`)
    } finally {
      reported.mockRestore()
    }
  })
})
