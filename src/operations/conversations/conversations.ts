import { MockServiceError } from '../../errors.js'
import { assetGroundingMessage } from '../../domain/conversation-text.js'
import { createConversation, deleteConversation } from '../../domain/conversation-writes.js'
import { defineOperation, json, noContent, type Operation } from '../define/define-operation.js'
import { plainGetOnStreamText } from '../define/plain-get-on-stream.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'
import { streamedIds, streamedRecords } from '../../wire/json/streamed-collection.js'
import { seededConversationInput } from '../../domain/inputs/seeds.js'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { mostRecentFirstInTurns } from '../../store/most-recent-first.js'

/** Built once: constructing a zod schema costs more than parsing a body with it. */
const optionalSeededConversation = lazySchema(() => seededConversationInput.optional())

/**
 * The `/conversations` routes (spec §4.1): create, create from an asset,
 * delete, identifiers and the snapshot.
 *
 * @example
 * routeTable() // holds these
 */
export const conversationsOperations: readonly Operation[] = [
  defineOperation({
    id: 'conversationsCreateSpecificConversation',
    method: 'POST',
    paths: ['/conversations/create'],
    params: {},
    async run(context) {
      const seed = parseBody(optionalSeededConversation, context.request.body, 'SeededConversation') ?? {
        type: 'COPILOT' as const,
      }
      const wire = wireContext(context)
      const conversation = await context.store.write((tx) => createConversation(tx, seed))
      return json(wire.render('conversation', conversation))
    },
  }),
  defineOperation({
    id: 'conversationsCreateFromAsset',
    method: 'POST',
    paths: ['/conversations/create/from_asset/:asset'],
    params: { asset: 'asset' },
    body: 'none',
    async run(context) {
      const assetId = pathId(context, 'asset')
      const conversation = await context.store.write((tx) => {
        const asset = tx.require('asset', assetId)
        const original = tx.get('format', asset.original)
        const created = createConversation(tx, {
          type: 'COPILOT',
          name: asset.name ?? 'Untitled snippet',
          messages: [{ role: 'ASSISTANT', fragment: { string: { raw: assetGroundingMessage(asset, original) } } }],
        })
        tx.link('conversation', created.id, 'assets', asset.id)
        return created
      })
      return json({ conversation: { id: conversation.id } })
    },
  }),
  defineOperation({
    id: 'conversationsDeleteSpecificConversation',
    method: 'POST',
    paths: ['/conversations/:conversation/delete'],
    params: { conversation: 'conversation' },
    body: 'none',
    async run(context) {
      const id = pathId(context, 'conversation')
      await context.store.write((tx) => deleteConversation(tx, id))
      return noContent()
    },
  }),
  defineOperation({
    id: 'conversationsIdentifiersSnapshot',
    method: 'GET',
    paths: ['/conversations/identifiers'],
    params: {},
    async run(context) {
      const ids = (await mostRecentFirstInTurns(context.store.all('conversation'))).map(
        (conversation) => conversation.id,
      )
      return json(streamedIds(ids))
    },
  }),
  defineOperation({
    id: 'conversationsSnapshot',
    method: 'GET',
    paths: ['/conversations'],
    params: {},
    async run(context) {
      const wire = wireContext(context)
      return json(
        streamedRecords(await mostRecentFirstInTurns(context.store.all('conversation')), (conversation) =>
          wire.render('conversation', conversation),
        ),
      )
    },
  }),
  defineOperation({
    id: 'conversationsStreamIdentifiers',
    method: 'GET',
    paths: ['/conversations/stream/identifiers'],
    params: {},
    run() {
      throw new MockServiceError(
        'UPGRADE_REQUIRED',
        plainGetOnStreamText('/conversations/stream/identifiers', 'conversationsStreamIdentifiers'),
      )
    },
  }),
]
