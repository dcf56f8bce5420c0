import { createMockService, type MockService } from 'conversation-asset-mock'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/*
 * Deleting a record of any kind goes through the store's write path, so the
 * records that lose a link to it change and their identifier frames go out,
 * as when an asset is deleted.
 */

describe('deleting the records conversations and assets link to', () => {
  let service: MockService
  let frames: Record<'conversations' | 'assets', string[]>
  const disconnects: Array<() => void> = []

  beforeEach(async () => {
    service = createMockService()
    await service.ready
    frames = { conversations: [], assets: [] }
    for (const stream of ['conversations', 'assets'] as const) {
      const endpoint = service.streams.find((candidate) => candidate.name === stream)!
      const session = endpoint.open({ send: (frame) => frames[stream].push(frame), close: () => undefined })
      disconnects.push(() => session.leave())
      frames[stream].length = 0
    }
  })
  afterEach(() => {
    disconnects.splice(0).forEach((disconnect) => disconnect())
    service.close()
  })

  async function post(path: string): Promise<number> {
    const route = service.route('POST', path)
    if (!route) throw new Error(`No route answers POST ${path}.`)
    const answer = await service.answer(route, { method: 'POST', path, query: new URLSearchParams(), body: '' })
    return 'status' in answer ? answer.status : 0
  }

  it('sends the frame of every asset a deleted tag was on', async () => {
    const tag = [...service.store.all('tag')].find((candidate) => candidate.assets.length > 0)!
    expect(await post(`/tags/${tag.id}/delete`)).toBe(204)
    const sent = frames.assets.map((frame) => JSON.parse(frame) as { iterable: Array<{ asset: { id: string } }> })
    expect(sent.flatMap((frame) => frame.iterable.map((item) => item.asset.id)).sort()).toEqual([...tag.assets].sort())
  })

  it('sends the frame of every conversation a deleted website or anchor was linked to', async () => {
    const website = [...service.store.all('website')].find((candidate) => candidate.conversations.length > 0)!
    expect(await post(`/websites/${website.id}/delete`)).toBe(204)
    const sent = frames.conversations.map(
      (frame) => JSON.parse(frame) as { iterable: Array<{ conversation: { id: string } }> },
    )
    expect(sent.flatMap((frame) => frame.iterable.map((item) => item.conversation.id)).sort()).toEqual(
      [...website.conversations].sort(),
    )
  })

  it('sends the frame of the conversation whose annotation is deleted, and nothing for a failed delete', async () => {
    const annotation = [...service.store.all('annotation')].find((candidate) => candidate.conversation !== undefined)!
    expect(await post(`/annotations/${annotation.id}/delete`)).toBe(204)
    expect(frames.conversations.map((frame) => JSON.parse(frame))).toEqual([
      { iterable: [{ conversation: { id: annotation.conversation } }] },
    ])
    frames.conversations.length = 0
    expect(await post(`/annotations/${annotation.id}/delete`)).toBe(410)
    expect(frames.conversations).toEqual([])
  })
})
