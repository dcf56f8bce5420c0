import { read } from '../support/read.js'
import { Configuration, ConversationsApi } from '@pieces.app/pieces-os-client'
import { controlClient, VerificationError } from 'conversation-asset-mock'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

describe('the standalone control API', () => {
  let server: StandaloneServer
  let mock: ReturnType<typeof controlClient>
  let conversations: ConversationsApi

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
    mock = controlClient(server.url)
    conversations = new ConversationsApi(new Configuration({ basePath: server.url }))
  })
  beforeEach(() => mock.reset())
  afterAll(() => server.close())

  it('resets with 204 and empties the journal', async () => {
    await conversations.conversationsCreateSpecificConversation({})
    const response = await fetch(`${server.url}/__mock/reset`, { method: 'POST' })
    expect(response.status).toBe(204)
    expect(await mock.journal()).toEqual([])
    expect(server.service.store.count('conversation')).toBe(8)
  })

  it('takes and restores snapshots by id', async () => {
    const id = await mock.snapshot()
    const created = await conversations.conversationsCreateSpecificConversation({})
    await mock.restore(id)
    expect(server.service.store.get('conversation', created.id)).toBeUndefined()
    const missing = await fetch(`${server.url}/__mock/snapshots/nope/restore`, { method: 'POST' }).then(read)
    expect(missing.status).toBe(404)
  })

  it('serves the journal with operation names and clears it', async () => {
    await conversations.conversationsSnapshot({})
    const response = await fetch(`${server.url}/__mock/journal`)
    const { requests } = (await response.json()) as { requests: Array<Record<string, unknown>> }
    expect(requests).toEqual([
      expect.objectContaining({
        operation: 'conversationsSnapshot',
        method: 'GET',
        path: '/conversations',
        status: 200,
      }),
    ])
    expect((await fetch(`${server.url}/__mock/journal`, { method: 'DELETE' }).then(read)).status).toBe(204)
    expect(await mock.journal()).toEqual([])
  })

  it('injects faults with 201 and an id, answers them, and clears them', async () => {
    const response = await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'conversationsSnapshot', status: 500, times: 1 }),
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ id: expect.any(String) })
    expect((await fetch(`${server.url}/conversations`).then(read)).status).toBe(500)
    expect((await fetch(`${server.url}/conversations`).then(read)).status).toBe(200)
    await mock.addFault({ operation: 'conversationsSnapshot', networkError: true })
    await expect(fetch(`${server.url}/conversations`)).rejects.toThrow(TypeError)
    expect((await fetch(`${server.url}/__mock/faults`, { method: 'DELETE' }).then(read)).status).toBe(204)
    expect((await fetch(`${server.url}/conversations`).then(read)).status).toBe(200)
  })

  it('refuses a fault without an effect with 400 and a message', async () => {
    const response = await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'conversationsSnapshot' }),
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/^Failed to add a fault to "conversationsSnapshot": it has no effect/)
  })

  it('switches scenarios by name, and answers 404 for an unknown one', async () => {
    expect((await fetch(`${server.url}/__mock/scenarios/empty`, { method: 'POST' }).then(read)).status).toBe(204)
    expect((await conversations.conversationsIdentifiersSnapshot()).iterable).toEqual([])
    expect((await fetch(`${server.url}/__mock/scenarios/huge`, { method: 'POST' }).then(read)).status).toBe(404)
    await mock.useScenario('default')
  })

  it('verifies calls from another process with the same readable failure', async () => {
    await conversations.conversationsSnapshot({})
    await expect(mock.verify({ operation: 'conversationsSnapshot', times: 1 })).resolves.toHaveLength(1)
    await expect(mock.verify({ operation: 'conversationsIdentifiersSnapshot' })).rejects.toBeInstanceOf(
      VerificationError,
    )
  })

  it("verifies by the official client's method name, and refuses an unknown name naming the closest", async () => {
    const [asset] = server.service.store.all('asset')
    await fetch(`${server.url}/asset/${asset!.id}`).then(read)
    await expect(mock.verify({ operation: 'assetSnapshot', params: { asset: asset!.id } })).resolves.toMatchObject([
      { operation: 'asset_snapshot' },
    ])
    // @ts-expect-error: not an operation name
    await expect(mock.verify({ operation: 'assetSnapshott' })).rejects.toThrow(/Did you mean "assetSnapshot"/)
  })
})
