import { describeKind } from '../../src/store/schemas/describe-kind.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimes, type ContractRuntime } from '../contract/runtimes.js'
import { validBodies } from './bodies.js'
import { validOsBodies } from './os-bodies.js'
import { validRecordBodies } from './record-bodies.js'
import { validServiceBodies } from './service-bodies.js'
import { validOsMachineBodies } from './os-machine-bodies.js'
import { validMachineBodies } from './machine-bodies.js'
import { validAccountBodies } from './account-bodies.js'
import { existingIds, fillPath, KIND_OF_PARAM, paramsOf, ROUTES } from './support.js'

/*
 * Every operation whose path names a record, called after that record was
 * deleted: the service answers 410 with a message naming the record's kind,
 * never a 5xx, and changes nothing.
 */

/** The query an operation needs besides its path (a search reads its query). */
const QUERY: Readonly<Record<string, string>> = { asset_specific_asset_export: 'export_type=MD' }

/** Each (route, path parameter naming a record) pair of the route table. */
const CASES = ROUTES.flatMap(({ operation, path }) =>
  paramsOf(path)
    .filter((param) => param in KIND_OF_PARAM)
    .map((param) => ({ method: operation.method, path, param, operation: operation.id })),
)

/** A kind as messages may name it: its name in words, or run together as the client's model name. */
const namesKind = (text: string, param: string) => {
  const name = describeKind(KIND_OF_PARAM[param]!)
  const plain = text.toLowerCase()
  return plain.includes(name) || plain.includes(name.replace(/ /g, ''))
}

describe.each(runtimes)('operations on a deleted record, $name', ({ start }) => {
  let mock: ContractRuntime

  beforeAll(async () => {
    mock = await start()
  })
  afterAll(() => mock.close())

  it('walks every route with a record in its path', () => {
    expect(CASES.length).toBeGreaterThan(100)
  })

  it.each(CASES.filter(({ method }) => method === 'GET'))(
    'names the $param in any 410 of $method $path for an id never stored',
    async (route) => {
      const ids = { ...existingIds(mock.store), [route.param]: 'no-such-record' }
      const query = QUERY[route.operation]
      const response = await fetch(`${mock.baseUrl}${fillPath(route.path, ids)}${query ? `?${query}` : ''}`)
      const text = await response.text()
      expect([410, 500], text).toContain(response.status)
      if (response.status === 410) expect(namesKind(text, route.param), text).toBe(true)
    },
  )

  it.each(CASES)('answers 410 naming the $param on $method $path once it is deleted', async (route) => {
    await mock.reset()
    const ids = existingIds(mock.store)
    const bodies: Record<string, unknown> = {
      ...(await validBodies(mock.baseUrl, ids)),
      ...(await validRecordBodies(mock.baseUrl, ids)),
      ...(await validServiceBodies(mock.baseUrl, ids)),
      ...(await validOsBodies(mock.baseUrl, ids)),
      ...(await validAccountBodies(mock.baseUrl, ids)),
      ...(await validOsMachineBodies(mock.baseUrl, ids)),
      ...(await validMachineBodies(mock.baseUrl)),
    }
    await mock.reset()
    const kind = KIND_OF_PARAM[route.param]!
    await mock.store.write((tx) => {
      const id = ids[route.param]!
      // A format lives only with its asset (an asset keeps at least one): they go together.
      const asset = kind === 'format' ? tx.get('format', id)?.asset : undefined
      tx.remove(kind, id)
      if (asset !== undefined) tx.remove('asset', asset)
    })
    const before = JSON.stringify(mock.store.snapshot())
    const body = bodies[route.operation]
    const query = QUERY[route.operation]
    const response = await fetch(`${mock.baseUrl}${fillPath(route.path, ids)}${query ? `?${query}` : ''}`, {
      method: route.method,
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
    const text = await response.text()
    expect(response.status, text).toBe(410)
    expect(namesKind(text, route.param), text).toBe(true)
    expect(JSON.stringify(mock.store.snapshot()), 'the refused call changed the store').toBe(before)
  })
})
