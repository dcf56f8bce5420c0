import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockService, type MockService } from '../../src/core/create-mock-service.js'
import { recordActivity } from '../../src/domain/asset-activity.js'
import { deleteAsset } from '../../src/domain/asset-writes.js'
import { deleteConversation } from '../../src/domain/conversation-writes.js'
import { appendMessage, updateMessage } from '../../src/domain/message-writes.js'
import { recordSchemas, type RecordKind } from '../../src/store/schemas/schemas.js'
import { createStoreBudget, type StoreBudget } from '../../src/store/store-budget.js'

/** A service holding one conversation of `messages` messages and `assets` assets, and that conversation's id. */
async function serviceWithConversation(messages: number, assets = 0) {
  const service = createMockService({
    generate: { seed: 3, assets, conversations: 1, messages: { min: messages, max: messages } },
  })
  await service.ready
  const [conversation] = service.store.all('conversation')
  expect(conversation?.messages).toHaveLength(messages)
  return { service, id: conversation!.id }
}

/** Counts the validations of each record kind made while `run` runs. */
async function countValidations(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const kind of Object.keys(recordSchemas) as RecordKind[]) {
    const schema = recordSchemas[kind]
    const original = schema.safeParse.bind(schema)
    vi.spyOn(schema, 'safeParse').mockImplementation(((input: unknown, params?: never) => {
      counts[kind] = (counts[kind] ?? 0) + 1
      return original(input, params)
    }) as never)
  }
  try {
    await run()
  } finally {
    vi.restoreAllMocks()
  }
  return counts
}

/** A service over a budget of its own, holding one conversation of `messages` messages. */
async function budgetedConversation(messages: number) {
  const budget = createStoreBudget()
  const service = createMockService({
    storeBudget: budget,
    generate: { seed: 3, assets: 0, conversations: 1, messages: { min: messages, max: messages } },
  })
  await service.ready
  return { service, budget, conversation: [...service.store.all('conversation')][0]! }
}

/** The validations `write` makes, and the JSON characters of what the budget measured for it. */
async function measuredWrite(budget: StoreBudget, write: () => Promise<unknown>) {
  const sizes = vi.spyOn(budget, 'sizeOf')
  const counts = await countValidations(write)
  const measured = sizes.mock.calls.reduce((sum, [value]) => sum + JSON.stringify(value).length, 0)
  sizes.mockRestore()
  return { counts, measured }
}

/** What the budget counts for every record a service holds, measured afresh. */
function heldBytes(service: MockService, budget: StoreBudget): number {
  const kinds = Object.keys(recordSchemas) as RecordKind[]
  return kinds.reduce(
    (sum, kind) => sum + [...service.store.all(kind)].reduce((bytes, record) => bytes + budget.sizeOf(record), 0),
    0,
  )
}

afterEach(() => vi.restoreAllMocks())

describe('writes are linear in what they change', () => {
  it('deletes a conversation validating only the records it leaves changed, once each, however many messages it has', async () => {
    for (const messages of [200, 2000]) {
      const { service, id } = await serviceWithConversation(messages)
      let updated = 0
      service.store.subscribe((event) => {
        if (event.type === 'write') updated += event.changes.filter((change) => change.type === 'updated').length
      })
      const counts = await countValidations(() => service.store.write((tx) => deleteConversation(tx, id)))
      expect(service.store.count('message')).toBe(0)
      expect(service.store.isGone('conversation', id)).toBe(true)
      // The conversation goes, so it is never validated (it was once per message removed).
      expect(counts.conversation ?? 0).toBe(0)
      expect(counts.message ?? 0).toBe(0)
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0)
      expect(total).toBeLessThanOrEqual(updated)
      await service.close()
    }
  })

  it('appends a message to a conversation without going over its other message ids', async () => {
    for (const messages of [200, 2000]) {
      const { service, id } = await serviceWithConversation(messages)
      const append = () =>
        service.store.write((tx) =>
          appendMessage(tx, { conversation: { id }, role: 'USER', fragment: { string: { raw: 'Hi' } } }),
        )
      // The first write builds the schemas (sets of their own); the second is the one counted.
      const first = await append()
      // A set made of the conversation's ids (to tell whether the new one is there) adds each of them.
      const adds = vi.spyOn(Set.prototype, 'add')
      const message = await append()
      const added = adds.mock.calls.length
      adds.mockRestore()
      expect(added).toBeLessThan(20)
      const listed = service.store.get('conversation', id)!.messages
      expect(listed).toHaveLength(messages + 2)
      expect(listed.slice(-2)).toEqual([first.id, message.id])
      await service.close()
    }
  })

  it('appends a message without validating or measuring the conversation again, however many messages it holds', async () => {
    const measured: number[] = []
    for (const messages of [200, 2000]) {
      const { service, budget, conversation } = await budgetedConversation(messages)
      const append = () =>
        service.store.write((tx) =>
          appendMessage(tx, {
            conversation: { id: conversation.id },
            role: 'USER',
            fragment: { string: { raw: 'Hi' } },
          }),
        )
      // The first append measures the conversation once; the next one reads that count.
      await append()
      const write = await measuredWrite(budget, append)
      measured.push(write.measured)
      expect(write.counts.conversation ?? 0).toBe(0)
      // What the budget counts still matches the records held, measured afresh (nothing was deleted).
      expect(service.store.bytes().used).toBe(heldBytes(service, budget))
      await service.close()
    }
    // The append measured the new message and the id it added, not the conversation's other ids.
    expect(measured[1]).toBeLessThan(measured[0]! * 1.5)
  })

  it('edits a message of a long conversation without validating, copying or measuring the conversation again', async () => {
    const measured: number[] = []
    for (const messages of [200, 2000]) {
      const { service, budget, conversation } = await budgetedConversation(messages)
      const messageId = conversation.messages[0]!
      const edit = (raw: string) =>
        service.store.write((tx) => updateMessage(tx, messageId, { fragment: { string: { raw } } }))
      // The first write to the conversation measures it once; the next one reads that count.
      await edit('Edited once')
      const write = await measuredWrite(budget, () => edit('Edited twice'))
      measured.push(write.measured)
      expect(write.counts.conversation ?? 0).toBe(0)
      const after = service.store.get('conversation', conversation.id)!
      // Its `updated` moved, and its messages are the very list it had.
      expect(after.updated > conversation.updated).toBe(true)
      expect(after.messages).toEqual(conversation.messages)
      expect(service.store.bytes().used).toBe(heldBytes(service, budget))
      await service.close()
    }
    expect(measured[1]).toBeLessThan(measured[0]! * 1.5)
  })

  it('links many records to one conversation validating the conversation once', async () => {
    const { service, id } = await serviceWithConversation(500, 50)
    const assets = [...service.store.all('asset')].map((asset) => asset.id)
    const linked = service.store.get('conversation', id)!.assets
    const counts = await countValidations(() =>
      service.store.write((tx) => {
        for (const asset of assets) tx.link('conversation', id, 'assets', asset)
      }),
    )
    expect(counts.conversation).toBe(1)
    // An asset that gains the link as new is only appended to; those already linked are read and validated once each.
    expect(counts.asset ?? 0).toBe(assets.filter((asset) => linked.includes(asset)).length)
    expect(service.store.get('conversation', id)?.assets).toEqual([
      ...linked,
      ...assets.filter((asset) => !linked.includes(asset)),
    ])
    for (const asset of assets) expect(service.store.get('asset', asset)?.conversations).toContain(id)
    await service.close()
  })

  it('removes a deleted message from the grounding of the conversations that hold it, and only from theirs', async () => {
    const { service, id } = await serviceWithConversation(3)
    const [first, second] = service.store.get('conversation', id)!.messages
    await service.store.write((tx) => {
      tx.link('conversation', id, 'groundingMessages', first!)
      tx.link('conversation', id, 'groundingMessages', second!)
    })
    await service.store.write((tx) => tx.remove('message', first!))
    expect(service.store.get('conversation', id)?.groundingMessages).toEqual([second])
    // A link made and the message removed in one write.
    await service.store.write((tx) => {
      tx.unlink('conversation', id, 'groundingMessages', second!)
      tx.link('conversation', id, 'groundingMessages', second!)
      tx.remove('message', second!)
    })
    expect(service.store.get('conversation', id)?.groundingMessages).toEqual([])
    await service.close()
  })

  it('deletes a person linked to many assets and persons validating each record it leaves changed once', async () => {
    const service = createMockService({ generate: { seed: 3, assets: 400, conversations: 0 } })
    await service.ready
    const assets = [...service.store.all('asset')].map((asset) => asset.id)
    const others = [...service.store.all('person')].map((person) => person.id)
    const person = 'person-of-many'
    await service.store.write((tx) => {
      tx.insert('person', {
        id: person,
        type: { basic: { name: 'Many' } },
        created: tx.timestamp(),
        updated: tx.timestamp(),
      })
      for (const asset of assets) tx.link('person', person, 'assets', asset)
      for (const other of others) tx.link('person', person, 'persons', other)
    })
    const counts = await countValidations(() => service.store.write((tx) => tx.remove('person', person)))
    expect(counts.person ?? 0).toBe(others.length)
    expect(counts.asset ?? 0).toBe(assets.length)
    for (const asset of assets) expect(service.store.get('asset', asset)?.persons).not.toContain(person)
    await service.close()
  })

  it('deletes an asset with its own activities without reading the activities of the other assets', async () => {
    const service = createMockService({ generate: { seed: 3, assets: 40, conversations: 0 } })
    await service.ready
    const [target, other, moved] = service.store.all('asset')
    // Many activities of other assets, and a few of the one deleted.
    await service.store.write((tx) => {
      for (let round = 0; round < 50; round++) recordActivity(tx, other!.id, 'viewed')
      for (let round = 0; round < 3; round++) recordActivity(tx, target!.id, 'viewed')
      recordActivity(tx, moved!.id, 'viewed')
    })
    const activities = () => [...service.store.all('activity')]
    const before = activities().length
    const own = activities().filter((activity) => activity.asset === target!.id).length
    const movedId = activities().find((activity) => activity.asset === moved!.id)!.id
    const reads: string[] = []
    await service.store.write((tx) => {
      // One activity made in the same write, and one moved onto the asset in it, go too.
      recordActivity(tx, target!.id, 'viewed')
      tx.update('activity', movedId, (draft) => {
        draft.asset = target!.id
      })
      const committed = (tx as unknown as { committed: { all: (kind: string) => unknown } }).committed
      const all = committed.all.bind(committed)
      vi.spyOn(committed, 'all').mockImplementation((kind: string) => {
        reads.push(kind)
        return all(kind) as never
      })
      deleteAsset(tx, target!.id)
    })
    expect(reads).not.toContain('activity')
    expect(activities().some((activity) => activity.asset === target!.id)).toBe(false)
    expect(service.store.get('activity', movedId)).toBeUndefined()
    expect(activities()).toHaveLength(before - own - 1)
    expect(activities().filter((activity) => activity.asset === other!.id).length).toBeGreaterThanOrEqual(50)
    await service.close()
  })
})
