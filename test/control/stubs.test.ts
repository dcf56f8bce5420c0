import { AssetApi, Configuration, type ResponseError } from '@pieces.app/pieces-os-client'
import { controlClient } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { read } from '../support/read.js'

const ASSET = '0a0a0a0a-0000-4000-8000-000000000001'
const OTHER = '0a0a0a0a-0000-4000-8000-000000000002'
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('stubs in process', () => {
  const mock = setupMockServer()
  let assets: AssetApi
  beforeAll(async () => {
    await mock.listen()
    assets = new AssetApi(new Configuration({ basePath: mock.baseUrl }))
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('answers one asset as the stub says, matched on its path parameter, the others as the store holds them', async () => {
    const stub = mock.stubs.add({ operation: 'assetSnapshot', params: { asset: ASSET }, answer: { status: 410 } })
    const gone = (await assets.assetSnapshot({ asset: ASSET }).catch((error: unknown) => error)) as ResponseError
    // The client leaves a refused answer's body unread: read here, so nothing is left on the socket.
    expect({ status: gone.response.status, text: await gone.response.text() }).toEqual({ status: 410, text: '' })
    expect((await assets.assetSnapshot({ asset: OTHER })).id).toBe(OTHER)
    expect(mock.verify({ operation: 'assetSnapshot', times: 2 }).map((entry) => entry.stubId)).toEqual([
      stub.id,
      undefined,
    ])
  })

  it('matches on query, headers and a partial body, or a predicate, and counts down times', async () => {
    mock.stubs.add({
      operation: 'conversationsCreateSpecificConversation',
      body: { type: 'COPILOT' },
      headers: { 'x-test': 'yes' },
      times: 1,
      answer: { status: 507, body: 'stubbed full store' },
    })
    const create = (type: string) =>
      fetch(`${mock.baseUrl}/conversations/create`, {
        method: 'POST',
        headers: { 'x-test': 'yes' },
        body: JSON.stringify({ type, name: 'a' }),
      })
    expect((await create('UNKNOWN').then(read)).status).toBe(200)
    const first = await create('COPILOT')
    expect({ status: first.status, text: await first.text() }).toEqual({ status: 507, text: 'stubbed full store' })
    expect((await create('COPILOT').then(read)).status).toBe(200)
    mock.stubs.add({
      operation: '*',
      body: (body: unknown) => body === undefined,
      query: { transferables: 'true' },
      answer: { status: 418 },
    })
    expect((await fetch(`${mock.baseUrl}/assets?transferables=true`).then(read)).status).toBe(418)
    expect((await fetch(`${mock.baseUrl}/assets?transferables=false`).then(read)).status).toBe(200)
  })

  it('builds a body from the request, and answers an operation the mock does not implement', async () => {
    mock.stubs.add({
      operation: 'assetSnapshot',
      answer: { bodyFrom: (request) => ({ id: request.params.asset, name: `stubbed ${request.query.get('v')}` }) },
    })
    expect(await (await fetch(`${mock.baseUrl}/asset/abc?v=2`)).json()).toEqual({ id: 'abc', name: 'stubbed 2' })
    mock.stubs.add({ method: 'GET', path: '/os/device/information', answer: { body: { os: 'stubbed' } } })
    expect(await (await fetch(`${mock.baseUrl}/os/device/information`)).json()).toEqual({ os: 'stubbed' })
  })

  it('gives way to a fault that answers, and is cleared by reset', async () => {
    mock.stubs.add({ operation: 'assetSnapshot', answer: { status: 404 } })
    mock.faults.add({ operation: 'assetSnapshot', status: 503, times: 1 })
    expect((await fetch(`${mock.baseUrl}/asset/${ASSET}`).then(read)).status).toBe(503)
    expect((await fetch(`${mock.baseUrl}/asset/${ASSET}`).then(read)).status).toBe(404)
    await mock.reset()
    expect(mock.stubs.list()).toEqual([])
    expect((await fetch(`${mock.baseUrl}/asset/${ASSET}`).then(read)).status).toBe(200)
  })
})

describe('stubs and the control budget', () => {
  it('refuses a stub past the control budget with 507, adds nothing, and gives the bytes back when stubs go', async () => {
    const { createControlBudget, createMockService } = await import('conversation-asset-mock')
    const budget = createControlBudget(64 * 1024)
    const service = createMockService({ controlBudget: budget })
    await service.ready
    const body = 'x'.repeat(20_000)
    service.stubs.add({ operation: 'assetsSnapshot', answer: { body } })
    service.stubs.add({ operation: 'assetsSnapshot', answer: { body } })
    expect(() => service.stubs.add({ operation: 'assetsSnapshot', answer: { body } })).toThrow(/control plane is full/)
    expect(service.stubs.list()).toHaveLength(2)
    const held = budget.used()
    service.stubs.clear()
    expect(budget.used()).toBeLessThan(held - 40_000)
  })
})

describe('stubs over HTTP', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterEach(() => server.service.reset())
  afterAll(() => server.close())

  it('answers GET /asset/{id} from a stub on its path, after its delay, its fields filled from the request, and journals it', async () => {
    const control = controlClient(server.url)
    const id = await control.addStub({
      method: 'GET',
      path: '/asset/:asset',
      params: { asset: ASSET },
      answer: { status: 200, body: { id: '{{params.asset}}', name: 'from {{headers.x-who}}' }, delayMs: 30 },
    })
    const slowStubbed = fetch(`${server.url}/asset/${ASSET}`, { headers: { 'x-who': 'a stub' } }).then((r) => r.json())
    const order: string[] = []
    await Promise.all([
      slowStubbed.then((body) => order.push(JSON.stringify(body))),
      fetch(`${server.url}/asset/${OTHER}`)
        .then(read)
        .then(() => order.push('other')),
    ])
    expect(order).toEqual(['other', JSON.stringify({ id: ASSET, name: 'from a stub' })])
    const entries = await control.journal('assetSnapshot')
    expect(entries.map((entry) => [entry.params.asset, entry.stubId])).toEqual([
      [OTHER, undefined],
      [ASSET, id],
    ])
    expect(await (await fetch(`${server.url}/__mock/stubs`)).json()).toMatchObject({
      stubs: [{ id, path: '/asset/:asset' }],
    })
    await control.removeStub(id)
    expect((await fetch(`${server.url}/__mock/stubs/${id}`, { method: 'DELETE' }).then(read)).status).toBe(404)
  })

  it('refuses a stub that cannot work with 400 naming what to fix, and adds nothing', async () => {
    const refused = await fetch(
      `${server.url}/__mock/stubs`,
      json({ operation: 'assetSnapshot', answer: { status: 99 } }),
    )
    expect(refused.status).toBe(400)
    expect(await refused.text()).toBe('Failed to add a stub: answer.status is not a status from 200 to 599.')
    const unknown = await fetch(`${server.url}/__mock/stubs`, json({ operation: 'assetSnapshotz', answer: {} }))
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('assetSnapshot')
    expect(await (await fetch(`${server.url}/__mock/stubs`)).json()).toEqual({ stubs: [] })
  })
})
