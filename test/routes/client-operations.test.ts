import { createRequire } from 'node:module'
import * as client from '@pieces.app/pieces-os-client'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  clientApiClasses,
  clientOperations,
  clientOperationsVersion,
  type ClientOperationShape,
} from '../../src/routes/client-operations.generated.js'

// The table is checked against the installed client's runtime, not its
// sources: every method of every API class is called with stand-in
// parameters, and the request it hands to `fetchApi` is captured. Parameter
// values are markers naming the parameter ("{asset}"), so the path, the query
// and the body tell which parameter went where.

const basePath = 'http://client.test'
const operations: readonly ClientOperationShape[] = clientOperations
type ApiClass = new (configuration: client.Configuration) => client.BaseAPI

/** Every class the client exports that is an API class (a subclass of BaseAPI). */
const apiClasses = new Map<string, ApiClass>(
  Object.entries(client)
    .filter(([, value]) => typeof value === 'function' && value.prototype instanceof client.BaseAPI)
    .map(([name, value]) => [name, value as ApiClass]),
)

/** The public methods of an API class: its own methods, without the `…Raw` twins. */
function methodsOf(api: ApiClass): string[] {
  return Object.getOwnPropertyNames(api.prototype).filter(
    (name) => name !== 'constructor' && !name.endsWith('Raw') && typeof api.prototype[name as never] === 'function',
  )
}

/**
 * A stand-in for a structured parameter (a model, a list): any property is
 * another stand-in, lists map to nothing, and it turns into its marker when
 * made a string or JSON.
 */
function structured(marker: string): unknown {
  return new Proxy(() => undefined, {
    get(_target, key) {
      if (key === 'then' || key === 'constructor') return undefined
      if (key === Symbol.toPrimitive || key === 'toString' || key === 'toJSON' || key === 'join') return () => marker
      if (key === 'toISOString') return () => marker
      if (key === 'map' || key === 'filter') return () => []
      if (typeof key === 'symbol') return undefined
      return structured(marker)
    },
    apply: () => structured(marker),
    ownKeys: () => [],
  })
}

interface Captured {
  readonly method: string
  readonly url: URL
  readonly headers: Record<string, string>
  readonly body: unknown
}

interface Outcome {
  readonly value?: unknown
  readonly error?: unknown
}

interface Probe {
  readonly request: Captured
  /** The result when the service answers `text/plain` "probe-text". */
  readonly onText: Outcome
  /** The result when the service answers `application/json` "probe-json" (a JSON string). */
  readonly onJson: Outcome
}

async function settle(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { value: await call() }
  } catch (error) {
    return { error }
  }
}

/** Calls one client method twice (a text answer, a JSON answer) and captures the request it sends. */
async function probe(apiName: string, id: string): Promise<Probe> {
  const api = apiClasses.get(apiName)
  if (!api) throw new Error(`Failed to probe ${apiName}.${id}: the client exports no such API class.`)
  let captured: Captured | undefined
  let answer = () => new Response('probe-text', { headers: { 'content-type': 'text/plain' } })
  const fetchApi = async (input: RequestInfo | URL, init?: RequestInit) => {
    captured = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
    }
    return answer()
  }
  const configuration = new client.Configuration({
    basePath,
    fetchApi,
    apiKey: 'application-key',
    accessToken: 'token',
  })
  const instance = new api(configuration) as unknown as Record<string, (parameters: unknown) => Promise<unknown>>
  const method = instance[id]
  if (typeof method !== 'function') throw new Error(`Failed to probe ${apiName}.${id}: the client has no such method.`)

  // A parameter starts as a marker string; when the client fails on a string
  // (it reads a model's fields, joins a list), the parameter it read last
  // becomes a structured stand-in and the call is tried again.
  const structuredKeys = new Set<string>()
  const call = async () => {
    let lastRead: string | undefined
    const parameters = new Proxy({} as Record<string, unknown>, {
      get(_target, key) {
        if (typeof key !== 'string') return undefined
        lastRead = key
        return structuredKeys.has(key) ? structured(`{${key}}`) : `{${key}}`
      },
    })
    captured = undefined
    const outcome = await settle(() => method.call(instance, parameters))
    return { outcome, lastRead }
  }
  for (let attempt = 0; ; attempt++) {
    const { outcome, lastRead } = await call()
    if (captured) break
    if (
      !(outcome.error instanceof TypeError) ||
      lastRead === undefined ||
      structuredKeys.has(lastRead) ||
      attempt > 8
    ) {
      throw new Error(`Failed to probe ${apiName}.${id}: the client sent nothing. It threw ${String(outcome.error)}.`)
    }
    structuredKeys.add(lastRead)
  }
  const request = captured as unknown as Captured
  const onText = (await call()).outcome
  answer = () => new Response('"probe-json"', { headers: { 'content-type': 'application/json' } })
  const onJson = (await call()).outcome
  return { request, onText, onJson }
}

/** How the client read the two answers: its response kind. */
function responseKind({ onText, onJson }: Probe): string {
  if (
    onText.error === undefined &&
    onJson.error === undefined &&
    onText.value === undefined &&
    onJson.value === undefined
  ) {
    return 'void'
  }
  if (onText.value instanceof Blob) return 'binary'
  if (onText.value === 'probe-text' && onJson.value === '"probe-json"') return 'text'
  if (onText.value === 'probe-text' && onJson.value === 'probe-json') return 'json-or-text'
  if (onText.error instanceof SyntaxError) return 'json'
  return `unknown (text: ${String(onText.value ?? onText.error)}, json: ${String(onJson.value ?? onJson.error)})`
}

const camelCase = (name: string) => name.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase())
/** The table's path with its parameters named the way the client's method parameters are. */
const pathWithClientNames = (path: string) => path.replace(/:(\w+)/g, (_match, name: string) => `:${camelCase(name)}`)
/** The path the client sent, with each marker written as a route parameter. */
const sentPath = (url: URL) => decodeURIComponent(url.pathname).replace(/\{(\w+)\}/g, ':$1')
const modelTypes = new Set(['string', 'boolean', 'number', 'void', 'form'])
const isModelName = (type: string | undefined) => type !== undefined && /^\w+$/.test(type) && !modelTypes.has(type)
const key = (operation: { api: string; id: string }) => `${operation.api}.${operation.id}`

describe('the table of the official client operations', () => {
  const probes = new Map<string, Probe>()

  beforeAll(async () => {
    for (const operation of operations) probes.set(key(operation), await probe(operation.api, operation.id))
  })

  /** Compares one fact of every entry with what the client did; returns the disagreements. */
  function disagreements(fact: (operation: ClientOperationShape, probe: Probe) => [unknown, unknown]): string[] {
    const found: string[] = []
    for (const operation of operations) {
      const [table, sent] = fact(operation, probes.get(key(operation)) as Probe)
      if (JSON.stringify(table) !== JSON.stringify(sent)) {
        found.push(`${key(operation)}: table ${JSON.stringify(table)}, client ${JSON.stringify(sent)}`)
      }
    }
    return found
  }

  it('was generated from the installed version of the client', () => {
    const installed = createRequire(import.meta.url)('@pieces.app/pieces-os-client/package.json') as { version: string }
    expect(clientOperationsVersion).toBe(installed.version)
  })

  it('names every API class the client exports, and no other', () => {
    expect([...clientApiClasses]).toEqual([...apiClasses.keys()].sort())
  })

  it('holds every method of every API class exactly once, and no method the client lacks', () => {
    const inClient = [...apiClasses].flatMap(([api, apiClass]) => methodsOf(apiClass).map((id) => `${api}.${id}`))
    const inTable = operations.map(key)
    expect(new Set(inTable).size).toBe(inTable.length)
    expect([...inTable].sort()).toEqual(inClient.sort())
  })

  it('gives every operation a unique id', () => {
    expect(new Set(operations.map((operation) => operation.id)).size).toBe(operations.length)
  })

  it('lists entries sorted by API class, then by method', () => {
    const sorted = [...operations].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    expect(operations.map(key)).toEqual(sorted.map(key))
  })

  it('gives each method the HTTP method the client sends', () => {
    expect(disagreements((operation, { request }) => [operation.method, request.method])).toEqual([])
  })

  it('gives each method the path the client sends, with its placeholders as route parameters', () => {
    expect(
      disagreements((operation, { request }) => [pathWithClientNames(operation.path), sentPath(request.url)]),
    ).toEqual([])
  })

  it('lists the route parameters of each path, in path order', () => {
    expect(
      disagreements((operation) => [
        operation.params,
        [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]),
      ]),
    ).toEqual([])
  })

  it('lists the query parameters each method can send, by their names on the wire', () => {
    expect(
      disagreements((operation, { request }) => [
        [...operation.query].sort(),
        [...new Set(request.url.searchParams.keys())].sort(),
      ]),
    ).toEqual([])
  })

  it('says which methods send a JSON body and which send a form, with the form fields', () => {
    expect(
      disagreements((operation, { request }) => [
        [operation.contentType, operation.form],
        [
          request.body === undefined
            ? undefined
            : request.body instanceof URLSearchParams
              ? 'application/x-www-form-urlencoded'
              : request.headers['Content-Type'],
          request.body instanceof URLSearchParams ? [...new Set(request.body.keys())] : [],
        ],
      ]),
    ).toEqual([])
    expect(disagreements((operation) => [operation.body === undefined, operation.contentType === undefined])).toEqual(
      [],
    )
  })

  it('names body and result models the client can read and write', () => {
    const missing = operations.flatMap((operation) => [
      ...(isModelName(operation.body) && !(`${operation.body}ToJSON` in client) ? [`${key(operation)} body`] : []),
      ...(isModelName(operation.returns) && !(`${operation.returns}FromJSON` in client)
        ? [`${key(operation)} result`]
        : []),
    ])
    expect(missing).toEqual([])
  })

  it('says how the client reads each response', () => {
    expect(disagreements((operation, found) => [operation.response, responseKind(found)])).toEqual([])
    expect(disagreements((operation) => [operation.response === 'void', operation.returns === 'void'])).toEqual([])
  })

  it('says which credential each method sends', () => {
    expect(
      disagreements((operation, { request }) => [
        operation.auth,
        'Authorization' in request.headers
          ? 'bearer'
          : 'X-Application-ID' in request.headers
            ? 'application-id'
            : 'none',
      ]),
    ).toEqual([])
  })

  it('marks as WebSockets only methods the client sends as a GET', () => {
    const websockets = operations.filter((operation) => operation.websocket)
    expect(websockets.map(key)).toContain('ConversationsApi.conversationsStreamIdentifiers')
    expect(websockets.filter((operation) => operation.method !== 'GET').map(key)).toEqual([])
  })
})
