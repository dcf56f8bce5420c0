import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { STREAM_PATHS } from '../../src/events/stream-paths.js'
import { clientCoverage } from '../../src/routes/client-coverage.js'
import { clientApiClasses, clientOperations } from '../../src/routes/client-operations.generated.js'
import { routeTable } from '../../src/routes/route-table.js'

const map = readFileSync(new URL('../../docs/coverage.md', import.meta.url), 'utf8')
const coverage = clientCoverage(routeTable(), Object.values(STREAM_PATHS))
const publicClients = JSON.parse(
  readFileSync(new URL('../../scripts/public-client-calls.json', import.meta.url), 'utf8'),
) as { clients: Record<string, string>; calls: Record<string, string[]> }

/** The route table's operations a client method does not name: HEAD on the health check, the old `/delete/` spellings. */
const NOT_CLIENT_ROUTES = new Set([
  'HEAD /.well-known/health',
  'GET /conversations/stream/identifiers',
  'POST /conversation/:conversation/anchors/delete/:anchor',
  'POST /conversation/:conversation/assets/delete/:asset',
  // The 2025-03-26 MCP entry point (streamable HTTP), which the client has no method for.
  'POST /model_context_protocol/2025-03-26/mcp',
  'GET /model_context_protocol/2025-03-26/mcp',
])

describe('the coverage map of the official client', () => {
  it('says how the mock answers every method of every API class of the client, once', () => {
    expect(coverage.map((entry) => `${entry.client.api}.${entry.client.id}`)).toEqual(
      clientOperations.map((operation) => `${operation.api}.${operation.id}`),
    )
    for (const api of clientApiClasses) expect(map).toContain(`\n## ${api}\n`)
  })

  it('names only methods of the client and known public clients in the public clients column', () => {
    const methods = new Set<string>(clientOperations.map((operation) => operation.id))
    expect(Object.keys(publicClients.calls).filter((method) => !methods.has(method))).toEqual([])
    const clients = Object.keys(publicClients.clients)
    for (const callers of Object.values(publicClients.calls)) {
      expect(callers.filter((client) => !clients.includes(client))).toEqual([])
    }
  })

  it('finds a client method behind every route of the route table', () => {
    const clientRoutes = new Set(
      clientOperations.map((operation) => `${operation.method} ${operation.path.replace(/:[^/]+/g, ':')}`),
    )
    // A route of the client's method written with a fixed segment where the client has a parameter (an MCP schema version).
    const fitsClient = (id: string, method: string, path: string) =>
      clientOperations.some((client) => {
        const pattern = client.path.split('/')
        const segments = path.split('/')
        return (
          client.id === id &&
          client.method === method &&
          pattern.length === segments.length &&
          pattern.every((part, i) => part.startsWith(':') || part === segments[i])
        )
      })
    const orphans = routeTable().flatMap((operation) =>
      operation.paths
        .filter((path) => !fitsClient(operation.id, operation.method, path))
        .map((path) => `${operation.method} ${path}`)
        .filter((route) => !NOT_CLIENT_ROUTES.has(route) && !clientRoutes.has(route.replace(/:[^/]+/g, ':'))),
    )
    expect(orphans).toEqual([])
  })

  it('names every operation by the client method name unless the service description names it', () => {
    const renamed = coverage.flatMap((entry) =>
      entry.answer === 'stateful' && entry.operation.id !== entry.client.id ? [entry.operation.id] : [],
    )
    // The spec's snake_case asset operations are the only ones named otherwise.
    expect(renamed.filter((id) => !/^asset_[a-z_]+$/.test(id))).toEqual([])
  })

  it('answers the client methods over the records the mock keeps statefully, and the rest with 501', () => {
    const answerOf = (id: string) => coverage.find((entry) => entry.client.id === id)?.answer
    for (const id of [
      'tagsCreateNewTag',
      'searchAssets',
      'assetsSearchWithFilters',
      'searchConversations',
      'searchMessages',
      'rangeAssociateConversationGroundingTemporalRangeWorkstreams',
      'workstreamSummaryAssociateConversation',
      'assetAssociatePerson',
      'personsRelated',
    ]) {
      expect(answerOf(id), id).toBe('stateful')
    }
    expect(answerOf('conversationsStreamIdentifiers')).toBe('stream')
    expect(answerOf('osDeviceInformation')).toBe('stateful')
    expect(answerOf('exchangeForAuth0Token')).toBe('stateful')
  })
})
