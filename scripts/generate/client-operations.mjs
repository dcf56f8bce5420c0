// src/routes/client-operations.generated.ts: one literal entry per method of every API class of
// the installed official client (@pieces.app/pieces-os-client), read from its generated sources
// (dist/apis/*.js for how each method builds its request, dist/apis/*.d.ts for the types it
// declares). `npm run generate` rewrites it after the client is upgraded.
//
// It fails, naming the method, when a method builds its request in a way this
// script does not know, so a new client shape is never written down wrongly.
import { readFile, readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const clientName = '@pieces.app/pieces-os-client'
const require = createRequire(import.meta.url)

function fail(what, fix) {
  throw new Error(`Failed to generate the client operation table: ${what}. ${fix}`)
}

/** Splits a generated API class source into its `…Raw` request builders. */
function rawMethods(source, file) {
  const methods = []
  const header = /^ {4}async (\w+)Raw\((requestParameters, )?initOverrides\) \{$/gm
  let match
  while ((match = header.exec(source)) !== null) {
    const end = source.indexOf('\n    }\n', match.index)
    if (end === -1) fail(`the body of ${match[1]}Raw in ${file} has no end`, 'Check the client sources.')
    const doc = source.slice(source.lastIndexOf('/**', match.index), match.index)
    // The client sends every method as plain HTTP; only its doc comment marks
    // the paths the service serves as WebSockets ("/qgpt/stream [WS]").
    methods.push({
      id: match[1],
      body: source.slice(match.index, end),
      deprecated: doc.includes('@deprecated'),
      websocket: / \[WS\]$/m.test(doc),
    })
  }
  return methods
}

/** Reads the declared types of a `.d.ts`: request interfaces and method return types. */
function declarations(source) {
  const interfaces = new Map()
  for (const match of source.matchAll(/^export interface (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const fields = new Map()
    for (const field of match[2].matchAll(/^ {4}(\w+)\??: (.+);$/gm)) fields.set(field[1], field[2])
    interfaces.set(match[1], fields)
  }
  const returns = new Map()
  const requests = new Map()
  for (const match of source.matchAll(
    /^ {4}(\w+)\((requestParameters\??: (\w+), )?initOverrides\?: [^)]*\): Promise<(.+)>;$/gm,
  )) {
    if (match[1].endsWith('Raw')) {
      if (match[3]) requests.set(match[1].slice(0, -'Raw'.length), match[3])
    } else {
      returns.set(match[1], match[4])
    }
  }
  return { interfaces, returns, requests }
}

function operationOf(api, raw, types) {
  const where = `${api}.${raw.id}`
  const source = raw.body
  const template = /\n {12}path: `([^`]*)`/.exec(source)?.[1]
  const method = /\n {12}method: '(\w+)',/.exec(source)?.[1]
  if (template === undefined || method === undefined) {
    fail(
      `${where} builds its path or method in an unknown way`,
      'Teach scripts/generate/client-operations.mjs the new shape.',
    )
  }
  if (raw.websocket && method !== 'GET') fail(`${where} is a WebSocket sent as ${method}`, 'Check it.')
  if (!template.startsWith('/') || /[?#]/.test(template)) {
    fail(`${where} has the path ${template}`, 'Teach the script how to route a path that is not a plain absolute path.')
  }
  const params = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
  const path = template.replace(/\{(\w+)\}/g, ':$1')
  if (/[{}]/.test(path)) fail(`${where} has the path template ${template}`, 'Teach the script its placeholder syntax.')
  const query = [...source.matchAll(/queryParameters\['([^']+)'\] = /g)].map((match) => match[1])

  let body
  let contentType
  let form = []
  const model = /\n {12}body: \(0, index_1\.(\w+)ToJSON\)\(requestParameters\['\w+'\]\),/.exec(source)
  const plain = /\n {12}body: requestParameters\['(\w+)'\],/.exec(source)
  if (model) {
    body = model[1]
    contentType = 'application/json'
  } else if (plain) {
    const request = types.requests.get(raw.id)
    body = request && types.interfaces.get(request)?.get(plain[1])
    if (body === undefined)
      fail(`${where} sends requestParameters.${plain[1]} without a declared type`, 'Check its .d.ts.')
    contentType = 'application/json'
  } else if (/\n {12}body: formParams,/.test(source)) {
    if (!/formParams = new URLSearchParams\(\);/.test(source))
      fail(`${where} sends a form of an unknown kind`, 'Check it.')
    form = [...source.matchAll(/formParams\.append\('([^']+)'/g)].map((match) => match[1])
    body = 'form'
    contentType = 'application/x-www-form-urlencoded'
  } else if (/\n {12}body: /.test(source)) {
    fail(`${where} sends a body of an unknown kind`, 'Teach scripts/generate/client-operations.mjs the new shape.')
  }
  const declaredContentType = /headerParameters\['Content-Type'\] = '([^']+)';/.exec(source)?.[1]
  if (declaredContentType !== undefined && declaredContentType !== contentType) {
    fail(`${where} declares Content-Type ${declaredContentType} for a body sent as ${contentType}`, 'Check it.')
  }

  let response
  if (
    /if \(this\.isJsonMime\(response\.headers\.get\('content-type'\)\)\) \{\n\s+return new runtime\.JSONApiResponse\(response\);\n\s+\}\n\s+else \{\n\s+return new runtime\.TextApiResponse\(response\);/.test(
      source,
    )
  ) {
    response = 'json-or-text'
  } else if (
    /return new runtime\.JSONApiResponse\(response(, \(jsonValue\) => \(0, index_1\.\w+FromJSON\)\(jsonValue\))?\);/.test(
      source,
    )
  ) {
    response = 'json'
  } else if (/return new runtime\.TextApiResponse\(response\);/.test(source)) {
    response = 'text'
  } else if (/return new runtime\.VoidApiResponse\(response\);/.test(source)) {
    response = 'void'
  } else if (/return new runtime\.BlobApiResponse\(response\);/.test(source)) {
    response = 'binary'
  } else {
    fail(`${where} reads its response in an unknown way`, 'Teach scripts/generate/client-operations.mjs the new shape.')
  }
  const returns = types.returns.get(raw.id)
  if (returns === undefined) fail(`${where} has no declared return type`, 'Check its .d.ts.')
  const transformer = /JSONApiResponse\(response, \(jsonValue\) => \(0, index_1\.(\w+)FromJSON\)\(jsonValue\)\)/.exec(
    source,
  )
  if (transformer && transformer[1] !== returns)
    fail(`${where} reads ${transformer[1]} but declares ${returns}`, 'Check it.')

  return {
    id: raw.id,
    api,
    method,
    path,
    params,
    query,
    body,
    form,
    contentType,
    response,
    returns,
    auth: source.includes('this.configuration.accessToken(')
      ? 'bearer'
      : source.includes('this.configuration.apiKey("X-Application-ID")')
        ? 'application-id'
        : 'none',
    websocket: raw.websocket,
    deprecated: raw.deprecated,
  }
}

/** The client operation table, as a TypeScript module. */
export async function clientOperations() {
  const clientRoot = dirname(require.resolve(`${clientName}/package.json`))
  const clientVersion = JSON.parse(await readFile(join(clientRoot, 'package.json'), 'utf8')).version
  const apisDirectory = join(clientRoot, 'dist', 'apis')
  const apiFiles = (await readdir(apisDirectory)).filter((file) => /^\w+Api\.js$/.test(file)).sort()
  const index = await readFile(join(apisDirectory, 'index.js'), 'utf8')
  const exported = [...index.matchAll(/require\("\.\/(\w+)"\)/g)].map((match) => `${match[1]}.js`).sort()
  if (exported.join() !== apiFiles.join()) {
    fail(
      `dist/apis/index.js exports ${exported.length} API files, the folder holds ${apiFiles.length}`,
      'Check the client.',
    )
  }

  const apis = []
  const operations = []
  for (const file of apiFiles) {
    const source = await readFile(join(apisDirectory, file), 'utf8')
    const api = /^class (\w+Api) extends runtime\.BaseAPI \{$/m.exec(source)?.[1]
    if (api === undefined || `${api}.js` !== file)
      fail(`${file} holds no class named after the file`, 'Check the client.')
    const types = declarations(await readFile(join(apisDirectory, file.replace(/\.js$/, '.d.ts')), 'utf8'))
    const raws = rawMethods(source, file)
    const publicMethods = [...source.matchAll(/^ {4}async (\w+)\(/gm)].map((match) => match[1])
    const expected = publicMethods.filter((name) => !name.endsWith('Raw')).sort()
    if (
      raws
        .map((raw) => raw.id)
        .sort()
        .join() !== expected.join()
    ) {
      fail(`${api} has methods without a matching …Raw request builder`, 'Check the client.')
    }
    apis.push(api)
    for (const raw of raws) operations.push(operationOf(api, raw, types))
  }
  operations.sort((a, b) => (a.api === b.api ? (a.id < b.id ? -1 : 1) : a.api < b.api ? -1 : 1))
  const ids = new Set(operations.map((operation) => operation.id))
  if (ids.size !== operations.length) {
    fail(
      'two API classes share a method name',
      'Make the id unique (prefix it with the class) before generating the table.',
    )
  }

  const literal = (value) =>
    value === undefined ? 'undefined' : `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  const list = (values) => `[${values.map(literal).join(', ')}]`
  const entry = (operation) =>
    [
      `  { id: ${literal(operation.id)}, api: ${literal(operation.api)}, method: ${literal(operation.method)}, `,
      `path: ${literal(operation.path)}, params: ${list(operation.params)}, query: ${list(operation.query)}, `,
      `body: ${literal(operation.body)}, form: ${list(operation.form)}, contentType: ${literal(operation.contentType)}, `,
      `response: ${literal(operation.response)}, returns: ${literal(operation.returns)}, auth: ${literal(operation.auth)}, `,
      `websocket: ${operation.websocket}, deprecated: ${operation.deprecated} },`,
    ].join('')

  const module = `// Generated by \`npm run generate\` (scripts/generate/client-operations.mjs)
// from ${clientName} ${clientVersion} (dist/apis). Do not edit: run the command again after
// upgrading the client. One entry per client method, sorted by API class then method.
// test/routes/client-operations.test.ts fails when this table and the installed client disagree.

/** The version of ${clientName} this table was generated from. */
export const clientOperationsVersion = '${clientVersion}'

/**
 * Every API class the official client exports, by name.
 *
 * @example
 * clientApiClasses.includes('ConversationsApi') // true
 */
export const clientApiClasses = [
${apis.map((api) => `  ${literal(api)},`).join('\n')}
] as const

/** The name of an API class of the official client. */
export type ClientApiClass = (typeof clientApiClasses)[number]

/** How one method of the official client builds its request and reads its response. */
export interface ClientOperationShape {
  /** The client's method name (the operation id; it may differ from the service spec's name). */
  readonly id: string
  readonly api: ClientApiClass
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
  /** The path, with the client's \`{name}\` placeholders written as \`:name\`. */
  readonly path: string
  /** The path parameters, in path order. */
  readonly params: readonly string[]
  /** The query parameter names as sent on the wire. */
  readonly query: readonly string[]
  /** The body: a model name (sent as JSON), a TypeScript type (sent JSON-encoded), \`'form'\`, or none. */
  readonly body: string | undefined
  /** The field names of a form body. */
  readonly form: readonly string[]
  /** The content type of the body. */
  readonly contentType: 'application/json' | 'application/x-www-form-urlencoded' | undefined
  /** How the client reads the response: JSON, text, JSON when the content type says so else text, nothing, a blob. */
  readonly response: 'json' | 'text' | 'json-or-text' | 'void' | 'binary'
  /** The declared result type: a model name, \`'string'\`, \`'void'\`, or another TypeScript type. */
  readonly returns: string
  /** The credential the client sends: the X-Application-ID key, an OAuth token in Authorization, or none. */
  readonly auth: 'application-id' | 'bearer' | 'none'
  /**
   * Whether the service serves the path as a WebSocket (the client's doc says \`[WS]\`; the client itself sends
   * a plain GET, and its body, if any, describes the first message).
   */
  readonly websocket: boolean
  /** Whether the client marks the method deprecated. */
  readonly deprecated: boolean
}

/**
 * Every method of the official client, one literal entry each.
 *
 * @example
 * clientOperations.find((operation) => operation.id === 'osDeviceInformation')?.path // '/os/device/information'
 */
export const clientOperations = [
${operations.map(entry).join('\n')}
] as const satisfies readonly ClientOperationShape[]

/** One entry of {@link clientOperations}. */
export type ClientOperation = (typeof clientOperations)[number]

/** The id (client method name) of an operation of the official client. */
export type ClientOperationId = ClientOperation['id']
`

  return [{ file: 'src/routes/client-operations.generated.ts', text: module }]
}
