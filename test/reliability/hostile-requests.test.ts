import fc from 'fast-check'
import { AnnotationTypeEnum } from '@pieces.app/pieces-os-client'
import type { Operation } from 'conversation-asset-mock'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimes, type ContractRuntime } from '../contract/runtimes.js'
import { BODY_ROUTES as SPEC_BODY_ROUTES, mutationOf, validBodies } from './bodies.js'
import { OS_BODY_ROUTES, validOsBodies } from './os-bodies.js'
import { OS_MACHINE_BODY_ROUTES, validOsMachineBodies } from './os-machine-bodies.js'
import { MACHINE_BODY_ROUTES, validMachineBodies } from './machine-bodies.js'
import { RECORD_BODY_ROUTES, validRecordBodies } from './record-bodies.js'
import { SERVICE_BODY_ROUTES, validServiceBodies } from './service-bodies.js'
import { ACCOUNT_BODY_ROUTES, validAccountBodies } from './account-bodies.js'
import {
  errorStatusOf,
  existingIds,
  expectCleanError,
  expectHealthy,
  fillPath,
  fingerprint,
  hostileSegment,
  OPERATIONS,
  paramsOf,
  propertyOptions,
  ROUTES,
} from './support.js'

type QueryParam = { readonly name: string; readonly accepts: readonly string[] }

const BODY_ROUTES = [
  ...SPEC_BODY_ROUTES,
  ...RECORD_BODY_ROUTES,
  ...SERVICE_BODY_ROUTES,
  ...OS_BODY_ROUTES,
  ...OS_MACHINE_BODY_ROUTES,
  ...ACCOUNT_BODY_ROUTES,
  ...MACHINE_BODY_ROUTES,
]

const flag = (name: string): QueryParam => ({ name, accepts: ['', 'true', 'false'] })
const TRANSFERABLES = flag('transferables')

/** The query parameters each operation reads; the rest read none. */
const QUERY_PARAMS: Readonly<Record<string, readonly QueryParam[]>> = {
  conversationsCreateSpecificConversation: [TRANSFERABLES],
  conversationsSnapshot: [TRANSFERABLES],
  conversationUpdate: [TRANSFERABLES],
  conversationGetSpecificConversation: [TRANSFERABLES],
  conversationSpecificConversationRename: [TRANSFERABLES],
  conversationSpecificConversationMessages: [TRANSFERABLES],
  annotationSpecificAnnotationSnapshot: [TRANSFERABLES],
  assetsCreateNewAsset: [TRANSFERABLES],
  assetsSnapshot: [TRANSFERABLES, flag('suggested'), flag('pseudo')],
  assetsIdentifiersSnapshot: [flag('pseudo')],
  asset_reclassify: [TRANSFERABLES],
  asset_update: [TRANSFERABLES],
  asset_snapshot: [TRANSFERABLES, flag('package_activities')],
  asset_snapshot_post: [TRANSFERABLES, flag('package_activities')],
  asset_formats: [TRANSFERABLES],
  asset_specific_asset_activities: [TRANSFERABLES],
  asset_specific_asset_conversations: [TRANSFERABLES],
  asset_specific_asset_export: [TRANSFERABLES, { name: 'export_type', accepts: ['MD', 'HTML', 'UNKNOWN'] }],
  formatSnapshot: [TRANSFERABLES, flag('transferable')],
  tagsSnapshot: [TRANSFERABLES],
  websitesSnapshot: [TRANSFERABLES],
  anchorsSnapshot: [TRANSFERABLES],
  rangesSnapshot: [TRANSFERABLES],
  workstreamSummariesSnapshot: [TRANSFERABLES],
  assetsSpecificAssetSnapshot: [TRANSFERABLES],
  assetsSpecificAssetFormatsSnapshot: [TRANSFERABLES],
  tagsSpecificTagSnapshot: [TRANSFERABLES],
  messagesCreateSpecificMessage: [TRANSFERABLES],
  messageSpecificMessageSnapshot: [TRANSFERABLES],
  assetsDraft: [TRANSFERABLES],
  fullTextSearch: [flag('pseudo')],
  neuralCodeSearch: [flag('pseudo')],
  messageSpecificMessageUpdate: [TRANSFERABLES],
  messageUpdateValue: [TRANSFERABLES],
  messagesSnapshot: [TRANSFERABLES],
  tagsCreateNewTag: [TRANSFERABLES],
  tagUpdate: [TRANSFERABLES],
  searchTags: [TRANSFERABLES],
  websitesSpecificWebsiteSnapshot: [TRANSFERABLES],
  websitesCreateNewWebsite: [TRANSFERABLES],
  websiteUpdate: [TRANSFERABLES],
  searchWebsites: [TRANSFERABLES],
  anchorSpecificAnchorSnapshot: [TRANSFERABLES],
  anchorsCreateNewAnchor: [TRANSFERABLES],
  anchorUpdate: [TRANSFERABLES],
  anchorRename: [TRANSFERABLES],
  searchAnchors: [TRANSFERABLES],
  workstreamSummariesSpecificWorkstreamSummarySnapshot: [TRANSFERABLES],
  workstreamSummariesCreateNewWorkstreamSummary: [TRANSFERABLES],
  workstreamSummaryUpdate: [TRANSFERABLES],
  searchWorkstreamSummaries: [TRANSFERABLES],
  annotationsSnapshot: [{ name: 'annotation_type_filter', accepts: ['', ...Object.values(AnnotationTypeEnum)] }],
  activitiesSnapshot: [TRANSFERABLES, flag('pseudo')],
  activityIdentifiersSnapshot: [
    flag('pseudo'),
    { name: 'activity_filter_enum', accepts: ['', 'UNKNOWN', 'CREATED', 'UPDATED', 'DELETED', 'REFERENCED'] },
  ],
  activitiesSpecificActivitySnapshot: [TRANSFERABLES],
  activitiesCreateNewActivity: [TRANSFERABLES],
  activityUpdate: [TRANSFERABLES],
  formatsSnapshot: [TRANSFERABLES],
  formatsSpecificFormatSnapshot: [TRANSFERABLES, flag('transferable')],
  formatUpdateValue: [TRANSFERABLES, flag('transferable')],
  formatReclassify: [TRANSFERABLES, flag('transferable')],
  searchAssets: [TRANSFERABLES, flag('pseudo')],
  assetsSearchWithFilters: [TRANSFERABLES, flag('pseudo')],
  searchConversations: [TRANSFERABLES],
  searchMessages: [TRANSFERABLES],
  searchConversationSpecificMessages: [TRANSFERABLES],
}

/** The query a well-formed request of an operation carries. */
const BASELINE_QUERY: Readonly<Record<string, string>> = {
  asset_specific_asset_export: 'export_type=MD',
  searchAssets: 'query=a',
  fullTextSearch: 'query=a',
  neuralCodeSearch: 'query=a',
  // The short code of the default fixtures' share.
  htmlShare: 'p=05a4000000',
  // An authorization names its PKCE challenge.
  authorizeAuth0:
    'response_type=code&client_id=reliable&code_challenge_method=S256&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
}

/** The one route that is a WebSocket: a plain GET always fails there. */
const STREAM_ROUTE = 'conversationsStreamIdentifiers'
/** The MCP entry points speak JSON-RPC over their own transports (an event stream, its session's posts): test/mcp/. */
const MCP_ROUTES = new Set([
  'modelContextProtocolServerSentEvents',
  'modelContextProtocolMessages',
  'modelContextProtocolStreamableHttp',
  'modelContextProtocolStreamableHttpListen',
])

const operation = (id: string): Operation => {
  const found = OPERATIONS.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`The route table has no operation "${id}".`)
  return found
}

/** Query values a client should never send: anything but the accepted words, huge numbers and raw escapes. */
const badQueryValue = (param: QueryParam): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
      fc.constantFrom(
        'TRUE',
        'False',
        '1',
        '0',
        'yes',
        '1e999',
        '9'.repeat(400),
        'true%20',
        '%20true',
        'true%00',
        '%00',
        '%FF',
        '%',
        'md',
        'PDF',
      ),
      fc.integer({ min: 1001, max: 3000 }).map((length) => 'z'.repeat(length)),
    )
    .filter((raw) => !param.accepts.includes(new URLSearchParams(`${param.name}=${raw}`).get(param.name) ?? ''))

describe('the reliability tables cover the route table', () => {
  it('names only operations the route table has', () => {
    for (const id of [
      ...Object.keys(QUERY_PARAMS),
      ...Object.keys(BASELINE_QUERY),
      ...BODY_ROUTES.map((route) => route.operation),
    ]) {
      expect(() => operation(id)).not.toThrow()
    }
  })

  it('describes the body of every write route that reads one, as the route table declares it', () => {
    // `onboarded` reads a bare boolean, not an object: its refusals are in os.contract.test.ts; the MCP entry points
    // read JSON-RPC messages.
    const withBodies = new Set([
      ...BODY_ROUTES.map((route) => route.operation),
      'onboarded',
      // The OS routes that read a bare string (a path, a URL): their refusals are in os-machine.contract.test.ts.
      'osFilesystemPathVerify',
      'osFilesystemFileOpen',
      'osBrowserUrlOpen',
      'applicationsSessionClose',
      'modelContextProtocolMessages',
      'modelContextProtocolStreamableHttp',
    ])
    // A POST reads a body unless its definition says `body: 'none'` (links, deletes, renames, model state).
    const readsBody = (op: Operation) => op.method === 'POST' && (op.body ?? 'required') !== 'none'
    expect(OPERATIONS.filter((op) => readsBody(op) && !withBodies.has(op.id)).map((op) => op.id)).toEqual([])
    expect(OPERATIONS.filter((op) => !readsBody(op) && withBodies.has(op.id)).map((op) => op.id)).toEqual([])
  })
})

describe.each(runtimes)('hostile requests get a clear error and change nothing, $name', ({ start }) => {
  let mock: ContractRuntime
  let ids: Record<string, string>
  let bodies: Record<string, unknown>

  beforeAll(async () => {
    mock = await start()
    ids = existingIds(mock.store)
    bodies = {
      ...(await validBodies(mock.baseUrl, ids)),
      ...(await validRecordBodies(mock.baseUrl, ids)),
      ...(await validServiceBodies(mock.baseUrl, ids)),
      ...(await validOsBodies(mock.baseUrl, ids)),
      ...(await validOsMachineBodies(mock.baseUrl, ids)),
      ...(await validAccountBodies(mock.baseUrl, ids)),
      ...(await validMachineBodies(mock.baseUrl)),
    }
    await mock.reset()
  })
  afterAll(() => mock.close())

  const urlOf = (path: string, segments: Readonly<Record<string, string>>, query = '') =>
    `${mock.baseUrl}${fillPath(path, segments)}${query === '' ? '' : `?${query}`}`

  /** Sends one request and checks it failed cleanly and left the store as it was. */
  async function expectRefused(
    op: Operation,
    url: string,
    body: string | undefined,
    message?: RegExp,
  ): Promise<string> {
    const before = fingerprint(mock.store)
    const response = await fetch(url, {
      method: op.method,
      ...(body !== undefined && { body, headers: { 'content-type': 'application/json' } }),
    })
    const text = await expectCleanError(response, [errorStatusOf(op)], message)
    expect(fingerprint(mock.store), `${op.method} ${url.slice(0, 200)} changed the store`).toBe(before)
    return text
  }

  // One test per route: a loop over every route outlives a test timeout on a loaded machine and writes into the tests after it.
  const answeredRoutes = ROUTES.filter(({ operation: op }) => op.id !== STREAM_ROUTE && !MCP_ROUTES.has(op.id))
  it.each(answeredRoutes.map(({ operation: op, path }) => ({ method: op.method, path, op })))(
    'answers the well-formed request of $method $path with success, so its failures below are the hostile part',
    async ({ op, path }) => {
      const body = bodies[op.id]
      const response = await fetch(urlOf(path, ids, BASELINE_QUERY[op.id]), {
        method: op.method,
        ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      })
      const text = await response.text()
      expect(response.status, `${op.method} ${path}: ${text}`).toBeLessThan(300)
      await mock.reset()
    },
  )

  const routesWithIds = ROUTES.filter(({ path }) => paramsOf(path).length > 0)

  it.each(routesWithIds.map(({ operation: op, path }) => ({ id: op.id, method: op.method, path, op })))(
    'answers unknown and hostile ids on $method $path with the spec status and a message',
    async ({ op, path }) => {
      const params = paramsOf(path)
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(params, { minLength: 1 }),
          fc.array(hostileSegment, { minLength: params.length, maxLength: params.length }),
          async (hostile, segments) => {
            const values = { ...ids }
            hostile.forEach((param) => (values[param] = segments[params.indexOf(param)]!))
            await expectRefused(op, urlOf(path, values, BASELINE_QUERY[op.id]), undefined)
          },
        ),
        propertyOptions(12),
      )
      await expectHealthy(mock.baseUrl)
    },
  )

  it('answers malformed JSON on every write route with a clear 500 naming it and changes nothing', async () => {
    // A form route (`/oauth/token`) reads a body that is not JSON as a form: its refusals are in sign-in.contract.test.ts.
    const writes = ROUTES.filter(({ operation: op }) => op.method === 'POST' && op.body !== 'form')
    const parses = (text: string) => {
      try {
        JSON.parse(text)
        return true
      } catch {
        return false
      }
    }
    const malformedJson = fc
      .oneof(
        fc
          .json()
          .chain((text) => fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((end) => text.slice(0, end))),
        fc.json().map((text) => `${text}}`),
        fc.json().map((text) => `{${text}`),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
        fc.constantFrom(
          "{'single': 'quotes'}",
          '{"a":1,}',
          '[1,2',
          'undefined',
          'NaN',
          '{"a":Infinity}',
          '{"a":"\\x41"}',
          '0x10',
          '01',
          '.5',
          '{"__proto__":',
          '{"type":"COPILOT"',
          '\u0000',
          '{"a":1}{"b":2}',
        ),
      )
      // A body of whitespace is no body; a leading BOM is stripped by fetch's own decoder.
      .filter((text) => text.trim() !== '' && !parses(text.replace(/^\ufeff/, '')))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), malformedJson, async ({ operation: op, path }, text) => {
        await expectRefused(op, urlOf(path, ids, BASELINE_QUERY[op.id]), text, /^Malformed JSON body: /)
      }),
      propertyOptions(100),
    )
    await expectHealthy(mock.baseUrl)
  })

  it.each(BODY_ROUTES)(
    'answers wrongly typed, incomplete, out-of-range and unknown-id bodies of $operation ($model) with a clear 500',
    async (route) => {
      const op = operation(route.operation)
      await fc.assert(
        fc.asyncProperty(mutationOf(route, bodies[route.operation]), async (mutation) => {
          const text = await expectRefused(op, urlOf(op.paths[0]!, ids, BASELINE_QUERY[op.id]), mutation.text)
          expect(text, mutation.description).toMatch(mutation.message)
        }),
        propertyOptions(60),
      )
      await expectHealthy(mock.baseUrl)
    },
  )

  it('answers a bad value of any query parameter with the spec status and a message naming the parameter', async () => {
    const cases = Object.entries(QUERY_PARAMS).flatMap(([id, params]) =>
      params.map((param) => ({ op: operation(id), param })),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...cases).chain(({ op, param }) => badQueryValue(param).map((raw) => ({ op, param, raw }))),
        async ({ op, param, raw }) => {
          const baseline = new URLSearchParams(BASELINE_QUERY[op.id] ?? '')
          baseline.delete(param.name)
          const query = [baseline.toString(), `${param.name}=${raw}`].filter((part) => part !== '').join('&')
          const body = bodies[op.id]
          await expectRefused(
            op,
            urlOf(op.paths[0]!, ids, query),
            body === undefined ? undefined : JSON.stringify(body),
            new RegExp(`"${param.name}"`),
          )
        },
      ),
      propertyOptions(100),
    )
    await expectHealthy(mock.baseUrl)
  })
})
