import { describe, expect, it } from 'vitest'
import { createConversation } from '../../src/domain/conversation-writes.js'
import { createMockService } from '../../src/core/create-mock-service.js'
import { seededConversationInput } from '../../src/domain/inputs/seeds.js'
import { fixedClock } from '../../src/store/clock-and-ids/clock.js'
import { z } from 'zod'
import { recordDefaults } from '../../src/store/schemas/record-defaults.js'
import { RECORD_KINDS, recordSchemas, type RecordKind } from '../../src/store/schemas/schemas.js'

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
    expect(recordSchemas.conversation.parse(record)).toStrictEqual(record)
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
    expect(recordSchemas.conversation.parse(record)).toStrictEqual(record)
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
    expect({ ...recordDefaults('conversation'), ...required }).toStrictEqual(recordSchemas.conversation.parse(required))
    expect(Object.isFrozen(recordDefaults('conversation').score)).toBe(true)
  })

  it.each(RECORD_KINDS)(
    'declares the %s defaults its schema fills in, field for field and in the same order',
    (kind) => {
      expect(Object.entries(recordDefaults(kind))).toStrictEqual(Object.entries(defaultsOfSchema(kind)))
    },
  )
})

/** The value each of a kind's schema fields defaults to, read from the schema itself, in its order. */
function defaultsOfSchema(kind: RecordKind): Record<string, unknown> {
  const shape: Record<string, z.ZodType> = recordSchemas[kind].shape
  const found: Record<string, unknown> = {}
  for (const [field, schema] of Object.entries(shape)) {
    const inner = schema instanceof z.ZodLazy ? (schema.unwrap() as z.ZodType) : schema
    if (inner instanceof z.ZodDefault) found[field] = inner.def.defaultValue
  }
  return found
}
