// The one scenario every consumer project runs in its own test environment: start the mock
// from the packed package, read conversations over HTTP, hear a create on the identifier
// stream, and have the copilot stream answer a question. Each project hands in what its
// runner provides: the mock and `recordFrames` from the package it installed, and its `expect`.

async function readsConversations({ mock, expect }) {
  const response = await fetch(`${mock.baseUrl}/conversations/identifiers`)
  expect(response.status).toBe(200)
  const { iterable } = await response.json()
  expect(iterable.length).toBeGreaterThan(0)
}

// The official client (a peer dependency, installed by the project) at the mock's base URL.
async function readsThroughTheClient({ mock, expect }) {
  const { Configuration, ConversationsApi } = require('@pieces.app/pieces-os-client')
  const api = new ConversationsApi(new Configuration({ basePath: mock.baseUrl }))
  const { iterable } = await api.conversationsSnapshot({})
  expect(iterable.length).toBeGreaterThan(0)
}

async function hearsACreate({ mock, expect, recordFrames }) {
  const socket = new WebSocket(mock.streamUrls.conversations)
  const frames = recordFrames(socket)
  await frames.next()
  const created = await fetch(`${mock.baseUrl}/conversations/create`, { method: 'POST', body: '{"type":"COPILOT"}' })
  const { id } = await created.json()
  const frame = await frames.next((next) => next.iterable.some((item) => item.conversation?.id === id))
  expect(frame.iterable).toEqual([{ conversation: { id } }])
  socket.close()
}

async function hearsTheCopilot({ mock, expect, recordFrames }) {
  mock.copilot.reply('Scripted for this environment.')
  const socket = new WebSocket(mock.streamUrls.qgpt)
  const frames = recordFrames(socket)
  await new Promise((resolve) => socket.addEventListener('open', resolve))
  socket.send(JSON.stringify({ question: { query: 'Anything', relevant: { iterable: [] } } }))
  let text = ''
  for (let frame = await frames.next(); frame.status !== 'COMPLETED'; frame = await frames.next()) {
    text += frame.question?.answers?.iterable?.[0]?.text ?? ''
  }
  expect(text).toBe('Scripted for this environment.')
  socket.close()
}

// For a helper that resets after each test (useMockServer): the conversation hearsACreate made is gone.
async function hasResetAfterEach({ mock, expect }) {
  const response = await fetch(`${mock.baseUrl}/conversations/identifiers`)
  const { iterable } = await response.json()
  expect(iterable).toHaveLength(8)
  mock.verify({ operation: 'conversationsIdentifiersSnapshot', times: 1 })
}

module.exports = { readsConversations, readsThroughTheClient, hearsACreate, hearsTheCopilot, hasResetAfterEach }
