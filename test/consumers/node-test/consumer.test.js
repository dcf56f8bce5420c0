// The node:test recipe of docs/test-runners.md: Node's own runner, no test framework installed.
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import { Configuration, ConversationsApi } from '@pieces.app/pieces-os-client'
import { recordFrames } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'

describe('the mock under node:test', () => {
  const mock = setupMockServer()
  before(() => mock.listen())
  afterEach(() => mock.reset())
  after(() => mock.close())
  const api = () => new ConversationsApi(new Configuration({ basePath: mock.baseUrl }))

  it('answers the official client', async () => {
    const { iterable } = await api().conversationsSnapshot({})
    assert.equal(iterable.length, 8)
  })

  it('sends one identifier frame naming a conversation just created', async () => {
    const socket = new WebSocket(mock.streamUrls.conversations)
    const frames = recordFrames(socket)
    await frames.next()
    const { id } = await api().conversationsCreateSpecificConversation({ seededConversation: { type: 'COPILOT' } })
    const frame = await frames.next((next) => next.iterable.some((item) => item.conversation?.id === id))
    assert.deepEqual(frame.iterable, [{ conversation: { id } }])
    socket.close()
  })

  it('has reset the records after the test that wrote', async () => {
    const { iterable } = await api().conversationsSnapshot({})
    assert.equal(iterable.length, 8)
    mock.verify({ operation: 'conversationsSnapshot', times: 1 })
  })
})
