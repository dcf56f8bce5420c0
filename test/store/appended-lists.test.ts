import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockService, type MockService } from '../../src/core/create-mock-service.js'
import { appendMessage } from '../../src/domain/message-writes.js'
import { recordSchemas } from '../../src/store/schemas/schemas.js'
import type { Transaction } from '../../src/store/transaction/transaction.js'

const services: MockService[] = []

afterEach(async () => {
  vi.restoreAllMocks()
  for (const service of services.splice(0)) await service.close()
})

/** A service holding one conversation of `messages` messages, its id, and a write that appends a message to it. */
async function conversationOf(messages: number) {
  const service = createMockService({
    generate: { seed: 5, assets: 0, conversations: 1, messages: { min: messages, max: messages } },
  })
  services.push(service)
  await service.ready
  const id = [...service.store.all('conversation')][0]!.id
  const add = (tx: Transaction) =>
    appendMessage(tx, { conversation: { id }, role: 'USER', fragment: { string: { raw: 'Hi' } } })
  const append = () => service.store.write(add)
  const messagesNow = () => service.store.get('conversation', id)!.messages
  return { service, id, add, append, messagesNow }
}

/** Calls that copy an array of at least `length` items made while `run` runs (slice, concat, Array.from). */
async function copiesWhile(length: number, run: () => Promise<unknown>): Promise<number> {
  const copies = [
    vi.spyOn(Array.prototype, 'slice'),
    vi.spyOn(Array.prototype, 'concat'),
    vi.spyOn(Array, 'from'),
  ] as const
  const long = (value: unknown) => Array.isArray(value) && value.length >= length
  try {
    await run()
    return (
      copies[0].mock.contexts.filter(long).length +
      copies[1].mock.contexts.filter(long).length +
      copies[2].mock.calls.filter(([value]) => long(value)).length
    )
  } finally {
    // Restoring clears what the spies saw: counted first.
    for (const spy of copies) spy.mockRestore()
  }
}

describe("appending to a record's list", () => {
  it("adds a message without copying the conversation's other message ids", async () => {
    const { append, messagesNow } = await conversationOf(2000)
    // The first append after the conversation was generated copies its list once; the next ones extend it.
    await append()
    const copies = await copiesWhile(2000, append)
    expect(copies).toBe(0)
    expect(messagesNow()).toHaveLength(2002)
  })

  it('leaves the messages as they were when the write that appended one fails, and appends after them next', async () => {
    const { service, id, add, append, messagesNow } = await conversationOf(300)
    await append()
    const before = [...messagesNow()]
    const held = service.store.get('conversation', id)!
    await expect(
      service.store.write((tx) => {
        add(tx)
        throw new Error('the write fails after its append')
      }),
    ).rejects.toThrow('the write fails after its append')
    expect(messagesNow()).toEqual(before)
    const message = await append()
    expect(messagesNow()).toEqual([...before, message.id])
    // A record read before the failed write still lists what it listed.
    expect(held.messages).toEqual(before)
  })

  it('keeps a snapshot taken before an append as it was, through later appends and restores', async () => {
    const { service, append, messagesNow } = await conversationOf(300)
    await append()
    const snapshot = service.snapshot()
    const listed = [...messagesNow()]
    const first = await append()
    const second = await append()
    expect(messagesNow()).toEqual([...listed, first.id, second.id])
    await service.restore(snapshot)
    expect(messagesNow()).toEqual(listed)
    const again = await append()
    expect(messagesNow()).toEqual([...listed, again.id])
    await service.restore(snapshot)
    expect(messagesNow()).toEqual(listed)
  })

  it('lists, for a record read before later appends, only the ids it held when it was read', async () => {
    const { service, id, append, messagesNow } = await conversationOf(100)
    await append()
    const record = service.store.get('conversation', id)!
    const length = record.messages.length
    const unread = service.store.get('conversation', id)!
    await append()
    await append()
    expect(record.messages).toHaveLength(length)
    expect(unread.messages).toHaveLength(length)
    expect(messagesNow()).toHaveLength(length + 2)
  })

  it('appends two messages in one write, each once, in order', async () => {
    const { service, id, add, append, messagesNow } = await conversationOf(100)
    await append()
    const before = [...messagesNow()]
    const [first, second] = await service.store.write((tx) => {
      const one = add(tx)
      // Reading the conversation between the appends builds it once before the second.
      expect(tx.get('conversation', id)!.messages.at(-1)).toBe(one.id)
      return [one, add(tx)]
    })
    expect(messagesNow()).toEqual([...before, first!.id, second!.id])
  })

  it('gives a record with an appended list the same fields, order and JSON as a plain one', async () => {
    const { service, id, append } = await conversationOf(50)
    await append()
    const record = service.store.get('conversation', id)!
    const plain = JSON.parse(JSON.stringify(record)) as typeof record
    expect(Object.keys(record)).toEqual(Object.keys(plain))
    expect({ ...record }).toEqual(plain)
    expect(Array.isArray(record.messages)).toBe(true)
    expect(record.messages).toBe(record.messages)
  })
})

describe('linking two records that exist', () => {
  it('adds an asset to a tag of many assets without copying or validating the tag', async () => {
    const service = createMockService({ generate: { seed: 9, assets: 1200, conversations: 0 } })
    services.push(service)
    await service.ready
    const [first, second, ...others] = [...service.store.all('asset')].map((asset) => asset.id)
    const tag = await service.store.write((tx) => {
      const made = tx.insert('tag', { id: tx.id(), text: 'many', created: tx.timestamp(), updated: tx.timestamp() })
      for (const asset of others) tx.link('asset', asset, 'tags', made.id)
      return made
    })
    const associate = (asset: string) => service.store.write((tx) => tx.link('asset', asset, 'tags', tag.id))
    // The first association copies the tag's list once; the next one appends to it.
    await associate(first!)
    const validations = vi.spyOn(recordSchemas.tag, 'safeParse')
    const copies = await copiesWhile(others.length, () => associate(second!))
    expect(validations).not.toHaveBeenCalled()
    expect(copies).toBe(0)
    const assets = service.store.get('tag', tag.id)!.assets
    expect(assets).toHaveLength(others.length + 2)
    expect(assets.slice(-2)).toEqual([first, second])
    expect(service.store.get('asset', second!)!.tags).toContain(tag.id)
    // Linking again changes neither side's list.
    await associate(second!)
    expect(service.store.get('tag', tag.id)!.assets).toHaveLength(others.length + 2)
    expect(service.store.get('asset', second!)!.tags.filter((id) => id === tag.id)).toHaveLength(1)
  })
})
