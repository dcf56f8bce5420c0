import { nameForSnippet } from '../../domain/asset-text.js'
import { classifySeed, seedText } from '../../domain/classification.js'
import { seedInput } from '../../domain/inputs/seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { booleanQuery, parseBody } from '../define/request-input.js'

/** The schema versions of the service's Model Context Protocol server, and the path each is entered at. */
const MCP_SCHEMA_VERSIONS = [
  { version: '2024-11-05', path: '/model_context_protocol/2024-11-05/sse' },
  { version: '2025-03-26', path: '/model_context_protocol/2025-03-26/mcp' },
]

/**
 * Answers that keep nothing: `POST /assets/draft` (a Seed back with what the
 * service would make of it, its name and classification; nothing is stored)
 * and `GET /model_context_protocol/schema_versions` (the MCP versions the
 * service speaks).
 *
 * @example
 * routeTable() // holds these
 */
export const draftOperations: readonly Operation[] = [
  defineOperation({
    id: 'assetsDraft',
    method: 'POST',
    paths: ['/assets/draft'],
    params: {},
    async run(context) {
      booleanQuery(context.request.query, 'transferables', true)
      requireBody(context.request.body, 'Seed')
      const seed = parseBody(seedInput, context.request.body, 'Seed')
      const { generic, specific } = await classifySeed(seed)
      const raw = seedText(seed)
      const body = context.request.body as { asset: { format: object; metadata?: object } }
      return json({
        ...(context.request.body as object),
        asset: {
          ...body.asset,
          metadata: { ...body.asset.metadata, name: seed.asset.metadata?.name ?? nameForSnippet(raw, specific) },
          format: { ...body.asset.format, classification: { generic, specific } },
        },
      })
    },
  }),
  defineOperation({
    id: 'modelContextProtocolSchemaVersions',
    method: 'GET',
    paths: ['/model_context_protocol/schema_versions'],
    params: {},
    // Each entry point is a URL an MCP client connects to (the CLI's SSE client), on the host the client asked.
    live: true,
    run(context) {
      context.mcp?.prepare()
      const origin = `http://${context.request.host ?? 'localhost:39300'}`
      return json({
        iterable: MCP_SCHEMA_VERSIONS.map(({ version, path }) => ({ version, entry_endpoint: `${origin}${path}` })),
      })
    },
  }),
]
