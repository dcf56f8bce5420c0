import {
  Configuration,
  ConversationApi,
  ConversationMessageApi,
  ConversationMessageToJSON,
  ConversationMessagesApi,
  ConversationMessagesToJSON,
  QGPTApi,
  QGPTQuestionOutputToJSON,
  QGPTRelevanceOutputToJSON,
  type ConversationMessage,
  type Seed,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * A chat screen on the official client: add a message to a conversation,
 * read it back, edit it, delete it, list them; and the copilot's HTTP routes.
 */

describe.each(runtimes)('messages and the copilot through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let messages: ConversationMessagesApi
  let message: ConversationMessageApi
  let conversation: ConversationApi
  let qgpt: QGPTApi

  beforeAll(async () => {
    mock = await start()
    const configuration = new Configuration({ basePath: mock.baseUrl })
    messages = new ConversationMessagesApi(configuration)
    message = new ConversationMessageApi(configuration)
    conversation = new ConversationApi(configuration)
    qgpt = new QGPTApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const someConversation = () => [...mock.store.all('conversation')].find((c) => c.messages.length > 0)!
  const create = (conversationId: string, raw: string, role: 'USER' | 'ASSISTANT' = 'USER') =>
    callAndCheck(
      messages.messagesCreateSpecificMessageRaw({
        seededConversationMessage: { role, fragment: { string: { raw } }, conversation: { id: conversationId } },
      }),
      'ConversationMessage',
      ConversationMessageToJSON,
    )

  it('appends a created message to its conversation, last in indices, and moves the conversation', async () => {
    const target = someConversation()
    const before = await conversation.conversationGetSpecificConversation({ conversation: target.id })
    const { value } = await create(target.id, 'Is this thing on?')
    expect(value.conversation.id).toBe(target.id)
    expect(value.fragment?.string?.raw).toBe('Is this thing on?')
    const after = await conversation.conversationGetSpecificConversation({ conversation: target.id })
    const indices = after.messages!.indices!
    expect(indices[value.id]).toBe(Math.max(...Object.values(indices)))
    expect(after.updated.value.getTime()).toBeGreaterThanOrEqual(before.updated.value.getTime())
    const listed = await conversation.conversationSpecificConversationMessages({ conversation: target.id })
    expect(listed.iterable.at(-1)?.id).toBe(value.id)
  })

  it('reads a message back as GET /message/{id} gives it', async () => {
    const { value } = await create(someConversation().id, 'Read me')
    const { json } = await callAndCheck(
      message.messageSpecificMessageSnapshotRaw({ message: value.id }),
      'ConversationMessage',
      ConversationMessageToJSON,
    )
    expect(json).toEqual(ConversationMessageToJSON(value))
  })

  it('edits a message with update and update/value', async () => {
    const { value } = await create(someConversation().id, 'Frist')
    const edited: ConversationMessage = { ...value, fragment: { string: { raw: 'First' } }, sentiment: 'LIKE' }
    const updated = await callAndCheck(
      message.messageSpecificMessageUpdateRaw({ conversationMessage: edited }),
      'ConversationMessage',
      ConversationMessageToJSON,
    )
    expect(updated.value.fragment?.string?.raw).toBe('First')
    expect(updated.value.sentiment).toBe('LIKE')
    const valued = await message.messageUpdateValue({
      conversationMessage: { ...updated.value, fragment: { string: { raw: 'Second' } }, role: 'SYSTEM' },
    })
    expect(valued.fragment?.string?.raw).toBe('Second')
    expect(valued.role).toBe('USER')
  })

  it('deletes a message: it answers 410, and its conversation keeps its indices entry as -1', async () => {
    const target = someConversation()
    const { value } = await create(target.id, 'Delete me')
    await messages.messagesDeleteSpecificMessage({ message: value.id })
    expect((await failure(message.messageSpecificMessageSnapshot({ message: value.id }))).status).toBe(410)
    const after = await conversation.conversationGetSpecificConversation({ conversation: target.id })
    expect(after.messages!.indices![value.id]).toBe(-1)
    expect(after.messages!.iterable.map((m) => m.id)).not.toContain(value.id)
  })

  it('lists every message with GET /messages', async () => {
    const { value } = await create(someConversation().id, 'Listed')
    const { value: all } = await callAndCheck(
      messages.messagesSnapshotRaw({}),
      'ConversationMessages',
      ConversationMessagesToJSON,
    )
    expect(all.iterable.map((m) => m.id)).toContain(value.id)
    expect(all.iterable).toHaveLength([...mock.store.all('message')].length)
  })

  it('refuses a message for a conversation that does not exist, naming it, and stores nothing', async () => {
    const count = [...mock.store.all('message')].length
    const refused = await failure(
      messages.messagesCreateSpecificMessage({
        seededConversationMessage: { role: 'USER', fragment: { string: { raw: 'x' } }, conversation: { id: 'nope' } },
      }),
    )
    // As every write that names a missing record: 500 with a text naming it (the client's operation declares no 4xx).
    expect(refused).toMatchObject({ status: 500, text: expect.stringContaining('"nope"') })
    expect([...mock.store.all('message')].length).toBe(count)
  })

  it('answers a question whole with POST /qgpt/question, grounded in the asset it names', async () => {
    const asset = [...mock.store.all('asset')][0]!
    const { value } = await callAndCheck(
      qgpt.questionRaw({
        qGPTQuestionInput: { query: 'What does this do?', relevant: { iterable: [{ asset: { id: asset.id } }] } },
      }),
      'QGPTQuestionOutput',
      QGPTQuestionOutputToJSON,
    )
    const text = value.answers.iterable[0]!.text
    expect(text).toContain('```')
    expect(text).toContain(asset.name!)
  })

  it('names the relevant assets with POST /qgpt/relevance, and answers when asked', async () => {
    const asset = [...mock.store.all('asset')][0]!
    const { value } = await callAndCheck(
      qgpt.relevanceRaw({
        qGPTRelevanceInput: {
          query: asset.name!,
          assets: { iterable: [{ id: asset.id }] },
          options: { question: true },
        },
      }),
      'QGPTRelevanceOutput',
      QGPTRelevanceOutputToJSON,
    )
    expect(value.relevant.iterable[0]?.asset?.id).toBe(asset.id)
    expect(value.answer?.answers.iterable[0]?.text).toContain(asset.name!)
  })

  /** A note's code block as Obsidian sends it to be linked: a SEEDED_ASSET with the block's text. */
  const codeBlock = (name: string, raw: string): Seed => ({
    type: 'SEEDED_ASSET',
    asset: {
      application: {
        id: 'obsidian-contract',
        name: 'OBSIDIAN',
        version: '1.4.0',
        platform: 'MACOS',
        onboarded: true,
        privacy: 'OPEN',
      },
      format: { fragment: { string: { raw } }, classification: { specific: 'py' } },
      metadata: { name },
    },
  })

  it('sends back every seed a relevance input sends, whole, ranked by the keywords it shares with the query', async () => {
    const blocks = [
      codeBlock('Setup', 'import os'),
      codeBlock('Sorting', 'words.sort()'),
      codeBlock('Reversing', 'items = list(range(3))\nitems.reverse()'),
      codeBlock('Printing', 'print("hello")'),
    ]
    const before = [...mock.store.all('asset')].length
    const { value } = await callAndCheck(
      qgpt.relevanceRaw({ qGPTRelevanceInput: { query: 'reverse the items list', seeds: { iterable: blocks } } }),
      'QGPTRelevanceOutput',
      QGPTRelevanceOutputToJSON,
    )
    const sentBack = value.relevant.iterable.flatMap((entry) => (entry.seed ? [entry.seed] : []))
    expect(sentBack).toHaveLength(4)
    // The block sharing "reverse", "items" and "list" first; the others in the order sent.
    expect(sentBack).toEqual([blocks[2], blocks[0], blocks[1], blocks[3]])
    expect(value.relevant.iterable[0]!.seed).toEqual(blocks[2])
    // Stored assets still come as references, never as seeds; nothing is stored.
    for (const entry of value.relevant.iterable) expect(Boolean(entry.seed) !== Boolean(entry.asset)).toBe(true)
    expect([...mock.store.all('asset')].length).toBe(before)
  })

  it('ranks sent seeds in among the stored assets it finds, keeping the named assets first', async () => {
    const [named, stored] = [...mock.store.all('asset')]
    const seed = codeBlock('Notes', 'unrelated text')
    const { value } = await callAndCheck(
      qgpt.relevanceRaw({
        qGPTRelevanceInput: {
          query: stored!.name!,
          assets: { iterable: [{ id: named!.id }] },
          seeds: { iterable: [seed] },
        },
      }),
      'QGPTRelevanceOutput',
      QGPTRelevanceOutputToJSON,
    )
    const order = value.relevant.iterable.map((entry) => entry.asset?.id ?? 'seed')
    expect(order[0]).toBe(named!.id)
    // The stored asset the query names shares its keywords; the seed shares none, so it comes after.
    expect(order.indexOf(stored!.id)).toBeGreaterThan(0)
    expect(order.indexOf(stored!.id)).toBeLessThan(order.indexOf('seed'))
  })

  it('refuses a relevance input whose seeds are not a list, or are more than 500, naming why, and changes nothing', async () => {
    const before = mock.store.snapshot()
    const send = (seeds: unknown) =>
      fetch(`${mock.baseUrl}/qgpt/relevance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'x', seeds }),
      })
    const notAList = await send({ iterable: 'nope' })
    expect(notAList.status).toBe(500)
    expect(await notAList.text()).toContain('seeds')
    const tooMany = await send({ iterable: Array.from({ length: 501 }, () => codeBlock('Block', 'x = 1')) })
    expect(tooMany.status).toBe(500)
    expect(await tooMany.text()).toContain('send at most 500 seeds in one relevance input')
    expect(mock.store.snapshot()).toEqual(before)
  })

  it('answers a question about a common task with code for it in the language asked, never echoing the question', async () => {
    const question = 'How do I reverse a list in Python?'
    const { value } = await callAndCheck(
      qgpt.questionRaw({ qGPTQuestionInput: { query: question, relevant: { iterable: [] } } }),
      'QGPTQuestionOutput',
      QGPTQuestionOutputToJSON,
    )
    const text = value.answers.iterable[0]!.text
    expect(text).toContain('```python\nnumbers = [1, 2, 3, 4]\nreversed_copy = numbers[::-1]')
    expect(text).not.toContain(question)
  })

  it('answers a commit-message prompt with one commit line, and grounds an unknown task in the most relevant stored snippet', async () => {
    const commit = await qgpt.question({
      qGPTQuestionInput: {
        query: 'Generate a concise git commit message.\nFile modified: **src/app.py**',
        relevant: { iterable: [] },
      },
    })
    expect(commit.answers.iterable[0]!.text).toBe('refactor: update src/app.py')
    const asset = [...mock.store.all('asset')].find((candidate) => candidate.name === 'debounce.ts')!
    const grounded = await qgpt.question({
      qGPTQuestionInput: { query: 'How does my debounce helper work?', relevant: { iterable: [] } },
    })
    expect(grounded.answers.iterable[0]!.text).toContain(`The closest snippet you have saved is \`${asset.name}\`:`)
  })
})
