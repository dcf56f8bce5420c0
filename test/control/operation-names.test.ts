import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { closestNames, editDistance } from '../../src/routes/closest-names.js'
import { routeTable } from '../../src/routes/route-table.js'
import { SERVICE_OPERATION_IDS } from '../../src/routes/service-operation-ids.generated.js'
import { send, statusOf, textOf } from '../reliability/in-process.js'

async function readyService() {
  const service = createMockService()
  await service.ready
  const [asset] = service.store.all('asset')
  return { service, assetId: asset!.id }
}

describe('operation names in faults, verify and the journal', () => {
  it('lists every id of the route table as a type, and nothing else', () => {
    const ids = [...new Set(routeTable().map((operation) => operation.id))].sort()
    expect(
      [...SERVICE_OPERATION_IDS],
      'src/routes/service-operation-ids.generated.ts must list the route table ids, sorted (run `npm run generate`)',
    ).toEqual(ids)
  })

  it('measures how far apart two names are, and finds the closest', () => {
    expect(editDistance('assetSnapshott', 'assetSnapshot')).toBe(1)
    expect(editDistance('ASSET', 'asset')).toBe(0)
    expect(closestNames('conversationSnapshot', ['conversationsSnapshot', 'asset_snapshot', 'tagsSnapshot'])).toEqual([
      'conversationsSnapshot',
    ])
  })

  it("applies a fault named by the official client's method name to the spec's operation", async () => {
    const { service, assetId } = await readyService()
    const fault = service.faults.add({ operation: 'assetSnapshot', status: 503, times: 1 })
    expect(fault.operation).toBe('asset_snapshot')
    expect(statusOf(await send(service, 'GET', `/asset/${assetId}`))).toBe(503)
    expect(statusOf(await send(service, 'GET', `/asset/${assetId}`))).toBe(200)
  })

  it('refuses a misspelt operation in process, naming the closest valid names', () => {
    const service = createMockService()
    // @ts-expect-error: not an operation name
    expect(() => service.faults.add({ operation: 'conversationSnapshot', status: 500 })).toThrow(
      /^Failed to add a fault: "conversationSnapshot" is not an operation of the mock\. Did you mean "conversationsSnapshot"/,
    )
    expect(service.faults.list()).toEqual([])
  })

  it('answers a misspelt operation over HTTP with 400 naming the closest, and adds nothing', async () => {
    const service = createMockService()
    const answer = await send(service, 'POST', '/__mock/faults', '{"operation":"assetSnapshott","status":500}')
    expect(statusOf(answer)).toBe(400)
    expect(textOf(answer)).toMatch(/Did you mean "assetSnapshot"/)
    expect(service.faults.list()).toEqual([])
  })

  it('takes the names of the client operations the mock answers 501', async () => {
    const service = createMockService()
    service.faults.add({ operation: 'osDeviceInformation', status: 200, body: '{"name":"box"}', times: 1 })
    expect(textOf(await send(service, 'GET', '/os/device/information'))).toBe('{"name":"box"}')
  })

  it('says a stream is not a request, and how to inject its faults', () => {
    expect(() => createMockService().faults.add({ operation: 'assetsStreamIdentifiers', status: 500 })).toThrow(
      /"assetsStreamIdentifiers" is a stream, not a request\. Use faults\.addStream/,
    )
  })

  it('verifies and reads the journal by either name, and refuses an unknown one', async () => {
    const { service, assetId } = await readyService()
    await send(service, 'GET', `/asset/${assetId}`)
    expect(service.verify({ operation: 'assetSnapshot', params: { asset: assetId }, times: 1 })).toHaveLength(1)
    expect(service.verify({ operation: 'asset_snapshot', times: 1 })).toHaveLength(1)
    expect(service.journal.byOperation('assetSnapshot')).toHaveLength(1)
    // @ts-expect-error: not an operation name
    expect(() => service.verify({ operation: 'asset_snapshots' })).toThrow(
      /^Failed to verify calls: "asset_snapshots" is not an operation of the mock\. Did you mean "asset_snapshot"/,
    )
    // @ts-expect-error: not an operation name
    expect(() => service.journal.byOperation('nope')).toThrow(/^Failed to read the journal: "nope" is not an operation/)
    const journal = await send(service, 'GET', '/__mock/journal?operation=assetSnapshot')
    expect((JSON.parse(textOf(journal)) as { requests: unknown[] }).requests).toHaveLength(1)
    expect(statusOf(await send(service, 'GET', '/__mock/journal?operation=assetSnapshott'))).toBe(400)
    const verify = await send(service, 'POST', '/__mock/verify', '{"operation":"assetSnapshott"}')
    expect(statusOf(verify)).toBe(400)
    expect(textOf(verify)).toMatch(/Did you mean "assetSnapshot"/)
  })
})
