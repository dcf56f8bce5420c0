import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { runtimes, type ContractRuntime } from '../contract/runtimes.js'
import { read } from '../support/read.js'

function snapshotOf(mock: ContractRuntime): string {
  return JSON.stringify(
    (['conversation', 'message', 'annotation', 'anchor', 'asset', 'format', 'activity', 'tag'] as const).map((kind) => [
      ...mock.store.all(kind),
    ]),
  )
}

/** An Application with every field the client requires. */
const APPLICATION = {
  id: 'bad-input-app',
  name: 'VS_CODE',
  version: '1.0.0',
  platform: 'LINUX',
  onboarded: true,
  privacy: 'OPEN',
}

describe.each(runtimes)('bad input never crashes the mock or changes it, $name', ({ start }) => {
  let mock: ContractRuntime
  let conversationId: string

  beforeAll(async () => {
    mock = await start()
    conversationId = mock.store.all('conversation')[Symbol.iterator]().next().value!.id
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const post = (path: string, body?: string) =>
    fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      ...(body !== undefined && { body, headers: { 'content-type': 'application/json' } }),
    })

  it.each([
    ['malformed JSON', '/conversations/create', '{"type": "COPILOT"', /Malformed JSON body/],
    [
      'an unknown enum value',
      '/conversations/create',
      '{"type":"NOPE"}',
      /Invalid SeededConversation body: type must be one of the ConversationTypeEnum values/,
    ],
    [
      'a message without a role',
      '/conversations/create',
      '{"type":"COPILOT","messages":[{"fragment":{}}]}',
      /Invalid SeededConversation body: messages\[0\]\.role is required by SeededConversationMessage\./,
    ],
    ['a JSON array instead of an object', '/conversations/create', '[1,2,3]', /Invalid SeededConversation body/],
    ['an update without a body', '/conversation/update', undefined, /a body is required/],
    [
      'an update missing required fields',
      '/conversation/update',
      '{"id":"x"}',
      /Invalid Conversation body: created is required by Conversation\./,
    ],
    [
      'an activity missing a required field',
      '/activities/create',
      JSON.stringify({ event: {} }),
      /Invalid SeededActivity body: application is required by SeededActivity\./,
    ],
    [
      'an activity whose event.asset lacks its own required fields',
      '/activities/create',
      JSON.stringify({ event: { asset: {} }, application: APPLICATION }),
      /Invalid SeededActivity body: event\.asset\.asset is required by SeededTrackedAssetEvent\./,
    ],
    [
      'an asset seed whose format lacks a required field deep down',
      '/assets/create',
      JSON.stringify({
        type: 'SEEDED_ASSET',
        asset: { application: APPLICATION, format: { fragment: { string: { raw: 'x' } } }, metadata: { tags: [{}] } },
      }),
      /Invalid Seed body: asset\.metadata\.tags\[0\]\.text is required by SeededAssetTag\./,
    ],
    [
      'an enum value the client does not know, nested',
      '/activities/create',
      JSON.stringify({ event: {}, application: { ...APPLICATION, platform: 'AMIGA' } }),
      /Invalid SeededActivity body: application\.platform must be one of the PlatformEnum values/,
    ],
    [
      'a score that is not a boolean',
      `/conversation/CONVERSATION/scores/increment`,
      '{"conversation":{"reuse":"yes"}}',
      /conversation\.reuse/,
    ],
    [
      'a summarize input with a message of another conversation',
      `/conversation/CONVERSATION/summarize`,
      '{"messages":{"iterable":[{"id":"nope"}]}}',
      /No message with id "nope"/,
    ],
  ])('answers %s with a clear 500 text and changes nothing', async (_case, path, body, message) => {
    const before = snapshotOf(mock)
    const response = await post(path.replace('CONVERSATION', conversationId), body)
    const text = await response.text()
    expect(response.status).toBe(500)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(text).toMatch(message)
    expect(text).not.toMatch(/\n\s+at /)
    expect(snapshotOf(mock)).toBe(before)
  })

  it('refuses a transferables value that is not true or false, naming it', async () => {
    const response = await fetch(`${mock.baseUrl}/conversations?transferables=maybe`)
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('"transferables"')
  })

  it.each([
    ['a very long id', 'x'.repeat(3000)],
    ['an encoded slash', 'a%2Fb'],
    ['an encoded NUL', 'a%00b'],
    ['unicode', '%F0%9F%92%A5'],
  ])('answers %s with an error and stays up', async (_case, id) => {
    const answer = await fetch(`${mock.baseUrl}/conversation/${id}`)
    expect([410, 500]).toContain(answer.status)
    expect(await answer.text()).not.toMatch(/\n\s+at /)
    const link = await post(`/conversation/${id}/assets/associate/${id}`)
    expect(link.status).toBe(500)
    expect(await link.text()).not.toMatch(/\n\s+at /)
    const health = await fetch(`${mock.baseUrl}/.well-known/health`).then(read)
    expect(health.status).toBe(200)
  })
})

describe('the standalone server under oversized and unknown requests', () => {
  it('answers 413 with a message for a body over the limit, then keeps serving', async () => {
    const server = await startStandaloneServer({ port: 0, maxBodyBytes: 1024 })
    try {
      const before = server.service.store.count('conversation')
      const response = await fetch(`${server.url}/conversations/create`, {
        method: 'POST',
        body: JSON.stringify({ type: 'COPILOT', name: 'x'.repeat(4096) }),
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(413)
      expect(await response.text()).toContain('1024 bytes')
      expect(server.service.store.count('conversation')).toBe(before)
      const after = await fetch(`${server.url}/conversations/identifiers`).then(read)
      expect(after.status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('answers 404 naming the route when no operation matches', async () => {
    const server = await startStandaloneServer({ port: 0 })
    try {
      const response = await fetch(`${server.url}/no/such/route`)
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('No operation of the service answers GET /no/such/route.')
    } finally {
      await server.close()
    }
  })

  it('answers CORS preflights so a browser app on another port can call it', async () => {
    const server = await startStandaloneServer({ port: 0 })
    try {
      const before = server.service.store.count('conversation')
      const response = await fetch(`${server.url}/conversations/create`, { method: 'OPTIONS' })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-allow-methods')).toContain('POST')
      // A preflight only asks; it must not run the operation.
      expect(server.service.store.count('conversation')).toBe(before)
    } finally {
      await server.close()
    }
  })
})
