import { controlClient, recordFrames } from 'conversation-asset-mock'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

describe('scripting the copilot over /__mock', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('makes the next question on /qgpt/stream answer the scripted text', async () => {
    const control = controlClient(server.url)
    expect(await control.copilotReply('Scripted over HTTP.')).toBe(1)
    const socket = new WebSocket(server.streamUrls.qgpt)
    const frames = recordFrames<{ status: string; question?: { answers: { iterable: Array<{ text: string }> } } }>(
      socket,
    )
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send(JSON.stringify({ question: { query: 'Anything', relevant: { iterable: [] } } }))
    let text = ''
    for (let frame = await frames.next(); frame.status !== 'COMPLETED'; frame = await frames.next()) {
      text += frame.question?.answers.iterable[0]?.text ?? ''
    }
    expect(text).toBe('Scripted over HTTP.')
    socket.close()
  })

  it('refuses a reply that cannot work with 400 naming the shapes that do', async () => {
    const response = await fetch(`${server.url}/__mock/copilot/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chunks: 'not a list' }),
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(
      /^Failed to script a copilot reply: chunks is not a list of strings\. Give \{ text \} or \{ chunks \}/,
    )
    const pending = (await (await fetch(`${server.url}/__mock/copilot/replies`)).json()) as { replies: unknown[] }
    expect(pending.replies).toEqual([])
  })
})
