import { read } from '../support/read.js'
import { defaultFixtures, type FixtureSet } from 'conversation-asset-mock'
import { routeTable } from '../../src/routes/route-table.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimes, type ContractRuntime } from '../contract/runtimes.js'

/** A stored id for each path parameter, so most routes answer 200 (a kind with no records answers 404). */
function concretePath(path: string): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const kind = name.replace(/_([a-z])/g, (__, letter: string) => letter.toUpperCase()) as keyof FixtureSet
    return defaultFixtures[kind]?.[0]?.id ?? 'no-such-record'
  })
}

const operations = routeTable()
/** Paths with a HEAD operation of their own (the health check) answer as that operation does. */
const ownHead = new Set(
  operations.filter((operation) => operation.method === 'HEAD').flatMap((operation) => operation.paths),
)
/** A GET answered with a stream that lasts until the client goes (the MCP server's events): its HEAD is in test/mcp/. */
const LONG_LIVED = new Set(['modelContextProtocolServerSentEvents'])
const getPaths = operations
  .filter((operation) => operation.method === 'GET' && !operation.paths.some((path) => ownHead.has(path)))
  .filter((operation) => !LONG_LIVED.has(operation.id))
  .flatMap((operation) => operation.paths.map((path) => ({ id: operation.id, path: concretePath(path) })))

describe.each(runtimes)('HEAD on $name', ({ start }) => {
  let runtime: ContractRuntime
  beforeAll(async () => {
    runtime = await start()
  })
  afterAll(() => runtime.close())

  it.each(getPaths)('answers HEAD $path ($id) with the status and headers of its GET and no body', async ({ path }) => {
    const get = await fetch(`${runtime.baseUrl}${path}`)
    const getBody = new Uint8Array(await get.arrayBuffer())
    const head = await fetch(`${runtime.baseUrl}${path}`, { method: 'HEAD' })
    expect(head.status).toBe(get.status)
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'))
    // A 204 has no body and so no length (GET /os/restart).
    expect(head.headers.get('content-length')).toBe(
      get.status === 204 ? get.headers.get('content-length') : String(getBody.byteLength),
    )
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  it("answers a HEAD of the asset list with 200 and the GET's length, journaled as HEAD of the GET operation", async () => {
    await runtime.reset()
    const head = await fetch(`${runtime.baseUrl}/assets?transferables=false`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
    const journal = await (await fetch(`${runtime.baseUrl}/__mock/journal`)).json()
    expect(journal.requests).toEqual([
      expect.objectContaining({ method: 'HEAD', operation: 'assetsSnapshot', status: 200 }),
    ])
  })

  it("keeps the health check's own HEAD operation", async () => {
    await runtime.reset()
    expect((await fetch(`${runtime.baseUrl}/.well-known/health`, { method: 'HEAD' }).then(read)).status).toBe(200)
    const journal = await (await fetch(`${runtime.baseUrl}/__mock/journal`)).json()
    expect(journal.requests.map((entry: { operation: string }) => entry.operation)).toEqual(['headWellKnownHealth'])
  })
})

describe('HEAD on the standalone server', () => {
  it('answers 404 to a HEAD of a path no GET serves', async () => {
    const runtime = await runtimes.find(({ name }) => name.startsWith('standalone'))!.start()
    try {
      expect((await fetch(`${runtime.baseUrl}/nowhere`, { method: 'HEAD' }).then(read)).status).toBe(404)
    } finally {
      await runtime.close()
    }
  })
})
