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

  it('holds at most 1 MiB of scripted answers, one reply or all waiting together', () => {
    const half = 'x'.repeat(600 * 1024)
    server.service.copilot.reply(half)
    expect(() => server.service.copilot.reply(half)).toThrow(
      /the waiting replies would hold \d+ characters, over the limit/,
    )
    expect(server.service.copilot.pending).toHaveLength(1)
    server.service.copilot.clear()
    expect(() => server.service.copilot.reply('x'.repeat(1024 * 1024 + 1))).toThrow(/over the limit of 1048576/)
  })

  it('closes a stream client that sends a frame over 1 MiB with 1009, and keeps serving others', async () => {
    const socket = new WebSocket(server.streamUrls.qgpt)
    await new Promise((resolve) => socket.once('open', resolve))
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    socket.send('x'.repeat(1024 * 1024 + 1))
    expect(await closed).toBe(1009)
    const other = new WebSocket(server.streamUrls.health)
    expect(await recordFrames<string>(other).next()).toBe('ok')
    other.close()
  })
})
