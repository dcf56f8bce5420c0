import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupMockServer } from '../../src/node/setup-mock-server.js'

const MiB = 1024 * 1024

describe('large answers through setupMockServer()', () => {
  const baseUrl = 'http://localhost:39322'
  // Each message's text is 1 Mi characters of 'é': 2 MiB of the budget, which counts UTF-8 bytes.
  const mock = setupMockServer({ baseUrl, scenario: 'empty', maxStoreBytes: 16 * MiB })
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  beforeAll(() => mock.listen())
  afterAll(() => mock.close())

  it('streams a list past 1 MiB as the same JSON, and refuses a write past the budget with 507', async () => {
    const conversation = ((await (await post('/conversations/create', { type: 'COPILOT' })).json()) as { id: string })
      .id
    const texts: string[] = []
    for (let index = 0; ; index++) {
      const raw = `${index}:`.padEnd(MiB, 'é')
      const created = await post('/messages/create', {
        role: 'USER',
        fragment: { string: { raw } },
        conversation: { id: conversation },
      })
      if (created.status === 507) {
        expect(await created.text()).toContain('maxStoreBytes')
        break
      }
      expect(created.status).toBe(200)
      // Read, as a client does: an answer left unread holds its connection's parser paused.
      await created.arrayBuffer()
      texts.push(raw)
    }
    expect(texts.length).toBeGreaterThanOrEqual(6)
    const listed = await fetch(`${baseUrl}/messages`)
    expect(listed.status).toBe(200)
    expect(listed.headers.get('content-type')).toBe('application/json')
    const { iterable } = (await listed.json()) as { iterable: Array<{ fragment: { string: { raw: string } } }> }
    expect(iterable.map((message) => message.fragment.string.raw).sort()).toEqual([...texts].sort())
    expect(mock.store.count('message')).toBe(texts.length)
  }, 120_000)
})
