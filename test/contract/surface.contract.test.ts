import { STREAM_PATHS, type Store } from 'conversation-asset-mock'
import { clientCoverage, type ClientOperationCoverage } from '../../src/routes/client-coverage.js'
import { routeTable } from '../../src/routes/route-table.js'
import { PERSISTED_FORMAT } from '../../src/persistence/persisted-format.js'
import { serializeState } from '../../src/persistence/persisted-state.js'
import { shareCode } from '../../src/wire/records/asset-details.js'
import { issueCode } from '../../src/domain/machine/accounts/pkce-codes.js'
import { TEST_VERIFIER } from '../reliability/account-bodies.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existingIds, KIND_OF_PARAM } from '../reliability/support.js'
import { checkModel } from './check-model.js'
import { minimalValue, type BodyFill } from './minimal-body.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * The surface check: every method of the official client the mock answers
 * with state (not a stream, not a 501) is called on a freshly reset mock with
 * real ids in its path and the smallest body its model allows, and must answer
 * 2xx with a payload the client's own models accept.
 */

type Stateful = Extract<ClientOperationCoverage, { answer: 'stateful' }>

const STATEFUL = clientCoverage(routeTable(), Object.values(STREAM_PATHS)).filter(
  (entry): entry is Stateful => entry.answer === 'stateful',
)

/**
 * The methods whose synthesized call the mock rightly refuses, with the status it answers and why.
 * Keep this short: every entry is a method the check cannot vouch for.
 */
const REFUSED: Readonly<Record<string, { readonly status: number; readonly why: string }>> = {
  // An MCP message is posted to the session an open SSE stream announced; a one-off call has no session to name.
  modelContextProtocolMessages: { status: 404, why: 'it needs the session id of an open MCP SSE stream' },
}

/** The record model each client model stands for (without its Flattened/Referenced prefix), by the path parameter naming that kind. */
const PARAM_OF_MODEL: Readonly<Record<string, string>> = {
  Activity: 'activity',
  Anchor: 'anchor',
  Annotation: 'annotation',
  Application: 'application',
  Asset: 'asset',
  Conversation: 'conversation',
  ConversationMessage: 'message',
  Format: 'format',
  Model: 'model',
  Person: 'person',
  Range: 'range',
  Tag: 'tag',
  UserProfile: 'user',
  Website: 'website',
  WorkstreamEvent: 'workstream_event',
  WorkstreamPatternEngineSource: 'source',
  IdentifiedWorkstreamPatternEngineSource: 'source',
  WorkstreamPatternEngineSourceWindow: 'source_window',
  WorkstreamSummary: 'workstream_summary',
  Hint: 'hint',
  Sensitive: 'sensitive',
  Share: 'share',
  AnchorPoint: 'anchor_point',
}

/**
 * The fields the mock needs beyond a model's required ones to act at all: an optional field that names what to act
 * on (a search's query, the asset to share, a message's conversation), an id the model keeps as a plain string, or an
 * enum whose first value is the unknown one.
 */
function extraOf(ids: Readonly<Record<string, string>>, store: Store): BodyFill['extra'] {
  const raw = () => ({ string: { raw: 'surface-check' } })
  // A finding stays in its asset: an update names the one it is in.
  const sensitiveAsset = ids.sensitive === undefined ? undefined : store.get('sensitive', ids.sensitive)?.asset
  return {
    SearchEngine: { query: () => 'surface-check' },
    Seed: { type: () => 'SEEDED_ASSET', asset: (build) => build('SeededAsset') },
    InactiveOSServerApplet: { type: () => 'COPILOT' },
    Linkify: { asset: (build) => build('Asset') },
    SeededConversationMessage: { conversation: (build) => build('ReferencedConversation') },
    Format: { fragment: raw },
    SeededFormat: { fragment: raw },
    SeededSensitive: { asset: () => ids.asset },
    Sensitive: { asset: (build) => ({ ...(build('FlattenedAsset') as object), id: sensitiveAsset }) },
    SeededAnchorPoint: { anchor: () => ids.anchor },
    LinkifyMultiple: { assets: () => [ids.asset] },
    // A sign-in proves the verifier of the challenge its code was issued for; the user's token is one the service issued.
    SeededPKCE: {
      response_type: () => 'code',
      code_challenge: () => TEST_CHALLENGE,
      code_challenge_method: () => 'S256',
    },
    TokenizedPKCE: {
      grant_type: () => 'authorization_code',
      code: () => surfaceCode(store),
      code_verifier: () => TEST_VERIFIER,
    },
    OAuthToken: { access_token: () => signInPart(store).tokens[0]?.access, token_type: () => 'Bearer' },
    UserProfile: { vanityname: () => 'surface-check' },
    UserBetaStatus: { user: () => ids.user },
    ApplicationsBulkUpdateCapabilitiesInput: { capabilities: () => 'LOCAL' },
    AllocationCloud: { user: () => ids.user },
    PrecreatedExternalProviderApiKey: { user: () => ids.user, open_AI: () => ({ api_key: 'sk-surface-check-0000' }) },
    PreupdatedExternalProviderApiKey: { user: () => ids.user },
    PredeletedExternalProviderApiKey: { user: () => ids.user },
    // An import takes what an export answered: the store itself, as a state file.
    ExportedDatabase: { values: () => exportedValues(store) },
  }
}

const TEST_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

/** The sign-in part's state as the default fixtures hold it. */
const signInPart = (store: Store) => store.get('machinePart', 'sign-in')?.state as { tokens: Array<{ access: string }> }

/** A code the service issued now for TEST_VERIFIER's challenge, to the client and redirect the synthesized call names. */
const surfaceCode = (store: Store) =>
  issueCode({
    challenge: TEST_CHALLENGE,
    method: 'S256',
    clientId: 'surface-check',
    redirectUri: 'surface-check',
    state: 'surface-check',
    issuedAt: store.clock.now().getTime(),
  })

/** The form fields a form method cannot do without, by name: a code and its verifier. */
function formValuesOf(store: Store): Readonly<Record<string, string>> {
  return { grant_type: 'authorization_code', code: surfaceCode(store), code_verifier: TEST_VERIFIER }
}

/** The bodies that are a bare string naming something: the session to close. */
const STRING_BODIES: Readonly<Record<string, (store: Store) => string>> = {
  applicationsSessionClose: (store) =>
    (store.get('machinePart', 'applications')!.state as { sessions: Array<{ id: string }> }).sessions[0]!.id,
}

/** The values of an ExportedDatabase of the store, as `GET /database/export` answers them. */
function exportedValues(store: Store) {
  const raw = Array.from(new TextEncoder().encode(serializeState(store.snapshot())))
  return { iterable: [{ id: PERSISTED_FORMAT, raw }] }
}

/** The query parameters a method cannot do without, by name: a search's text, an export's type, a share's short code. */
function queryValuesOf(store: Store): Readonly<Record<string, string | undefined>> {
  const share = [...store.all('share')][0]
  return {
    query: 'surface-check',
    export_type: 'MD',
    p: share && shareCode(share.id),
    response_type: 'code',
    client_id: 'surface-check',
    code_challenge: TEST_CHALLENGE,
    code_challenge_method: 'S256',
  }
}

/** Real ids for the records a body names: the ones the path parameters get, and the signed-in user's cloud. */
function fillOf(store: Store): BodyFill {
  const ids = existingIds(store)
  const cloud = [...store.all('user')][0]?.allocation?.id
  return {
    idOf(model) {
      if (model === 'AllocationCloud') return cloud
      if (model === 'Distribution') return ids.distribution
      const param = PARAM_OF_MODEL[model.replace(/^(Flattened|Referenced)/, '')]
      return param === undefined ? undefined : ids[param]
    },
    extra: extraOf(ids, store),
  }
}

/** A real id for each of the client's path parameters: the route's literal segment where it has one, else a record of the parameter's kind. */
function pathOf({ client, operation }: Stateful, store: Store): string {
  const ids = existingIds(store)
  const clientSegments = client.path.split('/')
  const routePath = operation.paths.find((path) => path.split('/').length === clientSegments.length)
  const routeSegments = routePath?.split('/') ?? []
  return clientSegments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment
      const name = segment.slice(1)
      const routeSegment = routeSegments[index]
      if (routeSegment && !routeSegment.startsWith(':')) return routeSegment
      const id = ids[name]
      if (id === undefined) {
        throw new Error(
          `${client.id}: no id for the path parameter "${name}"; add it to KIND_OF_PARAM (${KIND_OF_PARAM[name]}).`,
        )
      }
      return encodeURIComponent(id)
    })
    .join('/')
}

/** The request the client would send for the method, with the smallest body its declared type allows. */
function requestOf({ client }: Stateful, store: Store): RequestInit {
  const headers: Record<string, string> = {}
  if (client.contentType) headers['content-type'] = client.contentType
  if (client.body === 'form') {
    const values = formValuesOf(store)
    const form = new URLSearchParams(client.form.map((field) => [field, values[field] ?? 'surface-check']))
    return { method: client.method, headers, body: form.toString() }
  }
  // The client declares two GETs with a body (the recommended and related assets), which fetch cannot send.
  if (client.body === undefined || client.method === 'GET') return { method: client.method, headers }
  const bare = STRING_BODIES[client.id]
  if (bare) return { method: client.method, headers, body: JSON.stringify(bare(store)) }
  return { method: client.method, headers, body: JSON.stringify(minimalValue(client.body, fillOf(store))) }
}

interface Answer {
  readonly status: number
  readonly type: string | null
  readonly text: string
}

async function call(mock: ContractRuntime, entry: Stateful): Promise<Answer> {
  await mock.reset()
  const url = new URL(pathOf(entry, mock.store), mock.baseUrl)
  const queryValues = queryValuesOf(mock.store)
  for (const name of entry.client.query) {
    const value = queryValues[name]
    if (value !== undefined) url.searchParams.set(name, value)
  }
  const aborter = new AbortController()
  const response = await fetch(url, { ...requestOf(entry, mock.store), signal: aborter.signal })
  const type = response.headers.get('content-type')
  if (type?.startsWith('text/event-stream')) {
    // A stream answered over HTTP (the MCP SSE entry point) never ends: its status, type and first event are the answer.
    const first = await response.body!.getReader().read()
    aborter.abort()
    return { status: response.status, type, text: new TextDecoder().decode(first.value) }
  }
  return { status: response.status, type, text: await response.text() }
}

/** What is wrong with a 2xx answer, as the client reads it. */
function problemsOf({ client }: Stateful, answer: Answer): string[] {
  const returns: string = client.returns
  if (client.response === 'void') return []
  if (client.response === 'json-or-text' && !answer.type?.includes('json')) {
    return returns === 'string' ? [] : [`answered ${answer.type} where the client expects ${returns}`]
  }
  let json: unknown
  try {
    json = JSON.parse(answer.text)
  } catch {
    return [`answered ${JSON.stringify(answer.text.slice(0, 200))}, which is not JSON`]
  }
  if (returns === 'string') return typeof json === 'string' ? [] : ['answered JSON that is not a string']
  const element = /^Array<(\w+)>$/.exec(returns)?.[1]
  if (element === undefined) return checkModel(json, returns)
  if (!Array.isArray(json)) return [`answered ${typeof json} where the client expects ${returns}`]
  if (element === 'string') return json.every((item) => typeof item === 'string') ? [] : ['answered a non-string item']
  return json.flatMap((item, index) => checkModel(item, element, `${returns}[${index}]`))
}

describe('the surface check', () => {
  it('allow-lists only methods the mock answers with state, so a stale entry fails', () => {
    const stateful = new Set<string>(STATEFUL.map((entry) => entry.client.id))
    expect(Object.keys(REFUSED).filter((id) => !stateful.has(id))).toEqual([])
  })
})

describe.each(runtimes)('every stateful method of the official client, $name', (runtime) => {
  let mock: ContractRuntime
  beforeAll(async () => {
    mock = await runtime.start()
  })
  afterAll(async () => {
    await mock.close()
  })

  it.each(STATEFUL.map((entry) => [`${entry.client.api}.${entry.client.id}`, entry] as const))(
    '%s answers a minimal valid call with a payload the client accepts',
    async (name, entry) => {
      const answer = await call(mock, entry)
      const label = `${name} (${entry.client.method} ${entry.client.path}) answered ${answer.status} ${answer.text.slice(0, 300)}`
      const refused = REFUSED[entry.client.id]
      if (refused) {
        expect(answer.status, `${label}; allow-listed as ${refused.status} because ${refused.why}`).toBe(refused.status)
        expect(answer.type, `${label}; a refusal is a text/plain explanation`).toMatch(/^text\/plain/)
        return
      }
      expect(answer.status, label).toBeGreaterThanOrEqual(200)
      expect(answer.status, label).toBeLessThan(300)
      expect(problemsOf(entry, answer), `${name}: the client's models reject the answer`).toEqual([])
    },
  )
})
