import { Configuration, ConversationMessagesApi, UserApi } from '@pieces.app/pieces-os-client'
import type { IdentifierFrame } from 'conversation-asset-mock'
import { IDENTIFIER_STREAMS, type IdentifierStream } from '../../src/events/stream-paths.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import { streamRuntimes, type StreamRuntime, type TestSocket } from './stream-runtimes.js'

/*
 * The streams real clients open on start besides the conversation and asset
 * identifier streams: one identifier stream per stored kind, and the status
 * streams, on both transports.
 */

const OTHER_IDENTIFIER_STREAMS = (Object.keys(IDENTIFIER_STREAMS) as IdentifierStream[]).filter(
  (stream) => stream !== 'conversations' && stream !== 'assets',
)

describe.each(streamRuntimes)('the other streams, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const open = <F>(url: string) => {
    const client = mock.open<F>(url)
    sockets.push(client.socket)
    return client
  }

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it.each(OTHER_IDENTIFIER_STREAMS)('lists every live id of the %s stream in its first frame', async (stream) => {
    const { kind, key } = IDENTIFIER_STREAMS[stream]
    const first = await open<IdentifierFrame>(mock.streamUrls[stream]).frames.next()
    expect(checkModel(first, 'StreamedIdentifiers')).toEqual([])
    const listed = first.iterable.map((item) => (item as Record<string, { id: string }>)[key]!.id)
    expect(new Set(listed)).toEqual(new Set([...mock.service.store.all(kind)].map((record) => record.id)))
  })

  it('sends the new message on the messages stream, and its conversation on the conversations stream', async () => {
    const messages = open<IdentifierFrame>(mock.streamUrls.messages).frames
    const conversations = open<IdentifierFrame>(mock.streamUrls.conversations).frames
    await messages.next()
    await conversations.next()
    const conversation = [...mock.service.store.all('conversation')][0]!
    const created = await new ConversationMessagesApi(
      new Configuration({ basePath: mock.baseUrl }),
    ).messagesCreateSpecificMessage({
      seededConversationMessage: {
        role: 'USER',
        fragment: { string: { raw: 'Hello' } },
        conversation: { id: conversation.id },
      },
    })
    expect(await messages.next()).toEqual({ iterable: [{ conversationMessage: { id: created.id } }] })
    expect(await conversations.next()).toEqual({ iterable: [{ conversation: { id: conversation.id } }] })
  })

  it('sends the signed-in user on the user stream, and again when the user changes', async () => {
    const frames = open<{ id: string; name?: string }>(mock.streamUrls.user).frames
    const first = await frames.next()
    expect(checkModel(first, 'UserProfile')).toEqual([])
    const api = new UserApi(new Configuration({ basePath: mock.baseUrl }))
    const current = await api.userSnapshot()
    expect(first.id).toBe(current.user!.id)
    await api.updateUser({ userProfile: { ...current.user!, name: 'Grace Hopper' } })
    expect(await frames.next()).toMatchObject({ id: first.id, name: 'Grace Hopper' })
  })

  it('says ok on the health stream', async () => {
    expect(await open<string>(mock.streamUrls.health).frames.next()).toBe('ok')
  })

  it('sends the vision processor status as the official client models it', async () => {
    const status = await open<object>(mock.streamUrls.visionStatus).frames.next()
    expect(checkModel(status, 'WorkstreamPatternEngineStatus')).toEqual([])
    expect(status).toHaveProperty('vision')
  })

  it('sends when the user last checked in as a timestamp', async () => {
    const checkedIn = await open<{ value: string }>(mock.streamUrls.userLastCheckedIn).frames.next()
    expect(checkModel(checkedIn, 'GroupedTimestamp')).toEqual([])
  })

  it('applies a stream fault to the messages stream as to the conversation and asset streams', async () => {
    const conversation = [...mock.service.store.all('conversation')][0]!
    mock.service.faults.addStream({ stream: 'messages', drop: true, times: 1 })
    const messages = open<IdentifierFrame>(mock.streamUrls.messages).frames
    await messages.next()
    const api = new ConversationMessagesApi(new Configuration({ basePath: mock.baseUrl }))
    const seed = { role: 'USER' as const, fragment: { string: { raw: 'x' } }, conversation: { id: conversation.id } }
    await api.messagesCreateSpecificMessage({ seededConversationMessage: seed })
    const second = await api.messagesCreateSpecificMessage({ seededConversationMessage: seed })
    // The first change's frame was dropped; the next one arrives.
    expect(await messages.next()).toEqual({ iterable: [{ conversationMessage: { id: second.id } }] })
  })
})
