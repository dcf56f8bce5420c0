import { describe, expect, it } from 'vitest'
import { createConversation } from '../../src/domain/conversation-writes.js'
import { createMockService } from '../../src/core/create-mock-service.js'
import { seededConversationInput } from '../../src/domain/seeds.js'
import { fixedClock } from '../../src/store/clock.js'
import { conversationSchema, recordDefaults } from '../../src/store/schemas.js'

const at = '2024-06-01T12:00:00.000Z'
const ASSET = '0a0a0a0a-0000-4000-8000-000000000001'
const WEBSITE = '0eb00000-0000-4000-8000-000000000001'

/** A conversation created as POST /conversations/create does: the body parsed by its route, then written. */
async function created(body: unknown) {
  const service = createMockService({ clock: fixedClock(at) })
  await service.ready
  const seed = seededConversationInput.parse(body)
  const conversation = await service.store.write((tx) => createConversation(tx, seed))
  return service.store.get('conversation', conversation.id)!
}

describe('records the mock builds itself from a validated request body', () => {
  it('stores a conversation from a bare SeededConversation exactly as its schema would parse it', async () => {
    const record = await created({ type: 'COPILOT' })
    expect(conversationSchema.parse(record)).toStrictEqual(record)
    expect(record.messages).toEqual([])
    expect(record.score).toEqual({ manual: 0, automatic: 0 })
  })

  it('stores a conversation from a full SeededConversation exactly as its schema would parse it', async () => {
    const record = await created({
      type: 'COPILOT',
      name: 'Everything set',
      favorited: true,
      demo: true,
      pipeline: { conversation: { contextualizedCodeDialog: {} } },
      model: { id: 'model-1' },
      application: {
        id: 'app-1',
        name: 'VS_CODE',
        version: '1.2.3',
        platform: 'MACOS',
        onboarded: true,
        privacy: 'OPEN',
      },
      messages: [{ role: 'USER', fragment: { string: { raw: 'Hello' } } }],
      annotations: [{ type: 'DESCRIPTION', text: 'About it' }],
      anchors: [{ type: 'FILE', fullpath: '/tmp/a.ts' }],
      assets: { iterable: [{ id: ASSET }] },
      websites: { iterable: [{ id: WEBSITE }] },
      unknownKey: 'ignored',
    })
    expect(conversationSchema.parse(record)).toStrictEqual(record)
    expect(record).toMatchObject({
      name: 'Everything set',
      favorited: true,
      model: 'model-1',
      assets: [ASSET],
      websites: [WEBSITE],
    })
    expect(record).not.toHaveProperty('unknownKey')
  })

  it('fills a record with the same defaults parsing its required fields alone gives', () => {
    const required = { id: 'c1', created: at, updated: at }
    expect({ ...recordDefaults('conversation'), ...required }).toStrictEqual(conversationSchema.parse(required))
    expect(Object.isFrozen(recordDefaults('conversation').score)).toBe(true)
  })
})
