// A consumer's suite: it imports the package by name, wires the mock in one
// line, and tests its own code (here, a tiny conversation list loader).
import { Configuration, ConversationsApi, ConversationApi, ResponseError } from '@pieces.app/pieces-os-client'
import { useMockServer } from 'conversation-asset-mock/vitest'
import { describe, expect, it } from 'vitest'

async function loadConversationTitles(basePath: string): Promise<string[]> {
  const configuration = new Configuration({ basePath })
  const { iterable } = await new ConversationsApi(configuration).conversationsIdentifiersSnapshot()
  const api = new ConversationApi(configuration)
  const conversations = await Promise.all(
    iterable.map(({ id }) => api.conversationGetSpecificConversation({ conversation: id, transferables: false })),
  )
  return conversations.map((conversation) => conversation.name ?? 'Untitled')
}

describe('a consumer app against the mock', () => {
  const mock = useMockServer()

  it('loads one title per conversation, reading each conversation once', async () => {
    const titles = await loadConversationTitles(mock.baseUrl)
    expect(titles).toHaveLength(8)
    mock.verify({ operation: 'conversationsIdentifiersSnapshot', times: 1 })
    mock.verify({ operation: 'conversationGetSpecificConversation', query: { transferables: 'false' }, times: 8 })
  })

  it('surfaces a failing backend as an error', async () => {
    mock.faults.add({ operation: 'conversationsIdentifiersSnapshot', status: 500, times: 1 })
    const failure = await loadConversationTitles(mock.baseUrl).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ResponseError)
    const { response } = failure as ResponseError
    expect(response.status).toBe(500)
    expect(await response.text()).toMatch(/^Injected fault/)
  })

  it('starts every test from the fixtures: the fault above is gone', async () => {
    expect(mock.faults.list()).toEqual([])
    expect(mock.journal.entries).toEqual([])
    await expect(loadConversationTitles(mock.baseUrl)).resolves.toHaveLength(8)
  })
})
