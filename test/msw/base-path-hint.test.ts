import { Configuration, ConversationsApi } from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { setupMockServer } from '../../src/node/setup-mock-server.js'

const HINT =
  "[conversation-asset-mock] Failed to answer GET http://localhost:1000/conversations: it went to the official client's default base, http://localhost:1000, and the mock answers at http://localhost:39364. Give the client the mock's base: new Configuration({ basePath: mock.baseUrl }), or start the mock on the client's base: { baseUrl: 'http://localhost:1000' }."

describe('a client without a basePath while the mock answers elsewhere', () => {
  const mock = setupMockServer({ baseUrl: 'http://localhost:39364' })
  beforeAll(() => mock.listen())
  afterAll(() => mock.close())
  afterEach(() => vi.restoreAllMocks())

  it("is told once to set basePath, beside MSW's unhandled-request error", async () => {
    // MSW's own block and the hint both go to console.error; kept off the test's output.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const api = new ConversationsApi(new Configuration())
    await expect(api.conversationsSnapshot({})).rejects.toThrow()
    await expect(api.conversationsSnapshot({})).rejects.toThrow()
    const hints = printed.mock.calls.filter(([text]) => String(text).startsWith('[conversation-asset-mock]'))
    expect(hints).toEqual([[HINT]])
  })
})

describe('a mock started on the client default base', () => {
  const mock = setupMockServer({ baseUrl: 'http://localhost:1000' })
  beforeAll(() => mock.listen())
  afterAll(() => mock.close())

  it('answers the client without a basePath, and prints no hint', async () => {
    const printed = vi.spyOn(console, 'error')
    const warned = vi.spyOn(console, 'warn')
    const { iterable } = await new ConversationsApi(new Configuration()).conversationsSnapshot({})
    expect(iterable?.length).toBe(8)
    expect([...printed.mock.calls, ...warned.mock.calls]).toEqual([])
    vi.restoreAllMocks()
  })
})
