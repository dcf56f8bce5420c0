import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { setupMockServer } from '../../src/node/setup-mock-server.js'
import { SERIALIZERS } from '../../src/wire/serializers.js'

const at = '2024-05-01T12:00:00.000Z'
/** About 5 MiB of conversations: written in some eighty pieces. */
const COUNT = 8_000

describe('a large list in process (MSW)', () => {
  const mock = setupMockServer({ baseUrl: 'http://localhost:39351', scenario: 'empty' })
  beforeAll(async () => {
    await mock.listen()
    const conversations = Array.from({ length: COUNT }, (_, index) => ({
      ...{ id: `c-${String(index).padStart(6, '0')}`, type: 'COPILOT', name: `Conversation ${index}` },
      ...{ created: at, updated: at },
    }))
    await mock.store.replaceAll({ conversation: conversations } as never)
  })
  afterAll(() => mock.close())

  it('builds each record as its piece is written, and answers health before the list ends', async () => {
    const built = vi.spyOn(SERIALIZERS, 'conversation')
    const response = await fetch(`${mock.baseUrl}/conversations`)
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    const first = await reader.read()
    // The first megabyte (to tell the answer is large) and the first piece: not the whole list at once.
    expect(built.mock.calls.length).toBeLessThan(COUNT / 2)
    built.mockRestore()
    const events: string[] = []
    const chunks: Uint8Array[] = [first.value!]
    let health: Promise<void> | undefined
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      health ??= fetch(`${mock.baseUrl}/.well-known/health`).then(async (answer) => {
        await answer.text()
        events.push(`health ${answer.status}`)
      })
    }
    events.push('list end')
    await health
    expect(events).toEqual(['health 200', 'list end'])
    expect(chunks.length).toBeGreaterThan(10)
    const text = Buffer.concat(chunks).toString('utf8')
    const listed = JSON.parse(text) as { iterable: Array<{ id: string }>; indices: Record<string, number> }
    expect(listed.iterable).toHaveLength(COUNT)
    // The same bytes as the whole value would give.
    expect(text).toBe(JSON.stringify(listed))
  })
})
