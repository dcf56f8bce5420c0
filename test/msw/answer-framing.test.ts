import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupMockServer } from '../../src/node/setup-mock-server.js'

// The service frames a whole body with its length; so does the mock through MSW. Without it, msw 3 on Node
// ends the connection after each answer and the client opens a new one for its next request.
describe('an answer through MSW in process', () => {
  const mock = setupMockServer()
  beforeAll(() => mock.listen())
  afterAll(() => mock.close())

  it('carries its content-length in bytes, counting characters past ASCII as UTF-8', async () => {
    const name = 'Café ☕ 🚀 notes'
    const created = await fetch(`${mock.baseUrl}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COPILOT', name }),
    })
    const createdBytes = new Uint8Array(await created.arrayBuffer())
    expect(created.status).toBe(200)
    expect(Number(created.headers.get('content-length'))).toBe(createdBytes.byteLength)

    const { id } = JSON.parse(new TextDecoder().decode(createdBytes)) as { id: string }
    const read = await fetch(`${mock.baseUrl}/conversation/${id}`)
    const text = await read.text()
    expect(JSON.parse(text)).toMatchObject({ id, name })
    expect(Number(read.headers.get('content-length'))).toBe(new TextEncoder().encode(text).byteLength)
    expect(new TextEncoder().encode(text).byteLength).toBeGreaterThan(text.length)
  })

  it('carries the length of a text answer, such as the 410 of a removed asset', async () => {
    const listed = (await (await fetch(`${mock.baseUrl}/assets/identifiers`)).json()) as {
      iterable: Array<{ id: string }>
    }
    const id = listed.iterable[0]!.id
    const removed = await fetch(`${mock.baseUrl}/assets/${id}/delete`, { method: 'POST' })
    expect(removed.ok).toBe(true)
    await removed.arrayBuffer()
    const gone = await fetch(`${mock.baseUrl}/asset/${id}`)
    const body = new Uint8Array(await gone.arrayBuffer())
    expect(gone.status).toBe(410)
    expect(Number(gone.headers.get('content-length'))).toBe(body.byteLength)
  })
})
