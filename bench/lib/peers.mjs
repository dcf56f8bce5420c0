import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * Installs the peers of bench/peers (json-server, Mockoon's CLI, Prism,
 * WireMock) into that folder from its lockfile the first time, and again when
 * the lockfile changes; never into the project's dependencies. WireMock runs
 * its jar on the machine's Java: when `java` is missing and apt-get is there,
 * Debian's headless JRE is installed. Resolves with the peers that can run.
 *
 * @example
 * const { java } = await preparePeers(peersDir, progress) // { java: true }
 */
export async function preparePeers(peersDir, log) {
  const lock = await readFile(join(peersDir, 'package-lock.json'), 'utf8')
  const stamp = join(peersDir, 'node_modules', '.installed-lock.json')
  const installed = existsSync(stamp) ? await readFile(stamp, 'utf8') : ''
  if (installed !== lock) {
    log(`peers: installing json-server, Mockoon's CLI, Prism and WireMock in ${peersDir} (once)`)
    await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: peersDir,
      maxBuffer: 16 * 1024 * 1024,
    })
    await writeFile(stamp, lock)
  }
  if (!(await hasJava()) && (await commandExists('apt-get'))) {
    log('peers: installing a Java runtime for WireMock (apt-get install default-jre-headless)')
    await run('apt-get', ['install', '-y', '--no-install-recommends', 'default-jre-headless'], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error) => log(`peers: could not install Java (${error.message.split('\n')[0]}); WireMock is left out`))
  }
  return { java: await hasJava() }
}

/**
 * Writes what each server needs to answer the three routes with the mock's
 * own answers (`answers.list`, `.asset`, `.create`: status, headers, body
 * bytes): the recorded answers for bare node:http, a json-server db and route
 * map, a Mockoon environment (create as a CRUD route over a data bucket), an
 * OpenAPI document with the answers as examples for Prism, WireMock mappings.
 *
 * @example
 * await writePeerFiles(dir, { list, asset, create }, { assetId, createBody })
 */
export async function writePeerFiles(dir, answers, { assetId }) {
  const text = (answer) => answer.body.toString('utf8')
  const json = (answer) => JSON.parse(text(answer))
  const files = {
    'bare-answers.json': {
      'GET /conversations': encoded(answers.list),
      [`GET /asset/${assetId}`]: encoded(answers.asset),
      'POST /conversations/create': encoded(answers.create),
    },
    'db.json': { conversations: json(answers.list).iterable, assets: [json(answers.asset)], created: [] },
    'json-server-routes.json': { '/asset/:id': '/assets/:id', '/conversations/create': '/created' },
    'mockoon.json': mockoonEnvironment(answers, text),
    'openapi.json': openApiDocument(answers, json),
  }
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), JSON.stringify(content))
  const mappings = join(dir, 'wiremock', 'mappings')
  await mkdir(mappings, { recursive: true })
  const wireMockRoutes = [
    ['list', 'GET', '/conversations'],
    ['asset', 'GET', `/asset/${assetId}`],
    ['create', 'POST', '/conversations/create'],
  ]
  for (const [key, method, url] of wireMockRoutes) {
    const answer = answers[key]
    const mapping = {
      request: { method, urlPath: url },
      response: { status: answer.status, headers: { 'content-type': 'application/json' }, body: text(answer) },
    }
    await writeFile(join(mappings, `${key}.json`), JSON.stringify(mapping))
  }
}

/**
 * How each peer is started on `port` from the files writePeerFiles wrote in
 * `dir`: `{ name, command, args, env? }` for spawnServer.
 *
 * @example
 * const { command, args } = peerCommand('prism', { peersDir, dir, port })
 */
export function peerCommand(name, { peersDir, dir, port }) {
  const bin = (file) => join(peersDir, 'node_modules', file)
  const node = process.execPath
  const commands = {
    'json-server 0.17': [
      bin('json-server/lib/cli/bin.js'),
      ['--host', '127.0.0.1', '--port', port, '--quiet', '--routes', join(dir, 'json-server-routes.json')],
      [join(dir, 'db.json')],
    ],
    'Mockoon CLI 9': [
      bin('@mockoon/cli/bin/run.js'),
      ['start', '--data', join(dir, 'mockoon.json'), '--port', port, '--hostname', '127.0.0.1'],
      ['--disable-log-to-file', '--disable-admin-api', '--repair'],
    ],
    'Prism 5': [
      bin('@stoplight/prism-cli/dist/index.js'),
      ['mock', join(dir, 'openapi.json'), '--host', '127.0.0.1', '--port', port],
      [],
    ],
    'WireMock 3.13': [
      bin('wiremock/index.js'),
      ['--port', port, '--bind-address', '127.0.0.1', '--root-dir', join(dir, 'wiremock')],
      ['--disable-banner'],
    ],
  }
  const [script, args, rest] = commands[name]
  return { name, command: node, args: [script, ...args, ...rest] }
}

/** The names peerCommand knows, in the order the section runs them. */
export const PEER_NAMES = ['json-server 0.17', 'Mockoon CLI 9', 'Prism 5', 'WireMock 3.13']

function encoded(answer) {
  return { status: answer.status, headers: answer.headers, body: answer.body.toString('base64') }
}

function mockoonEnvironment(answers, text) {
  const uuid = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
  const response = (n, answer, extra = {}) => ({
    uuid: uuid(100 + n),
    body: answer ? text(answer) : '{}',
    latency: 0,
    statusCode: answer?.status ?? 200,
    label: '',
    headers: [{ key: 'content-type', value: 'application/json' }],
    bodyType: 'INLINE',
    filePath: '',
    databucketID: '',
    sendFileAsBody: false,
    rules: [],
    rulesOperator: 'OR',
    disableTemplating: true,
    fallbackTo404: false,
    default: true,
    crudKey: 'id',
    callbacks: [],
    ...extra,
  })
  const route = (n, type, method, endpoint, responses) => ({
    uuid: uuid(n),
    type,
    documentation: '',
    method,
    endpoint,
    responses,
    responseMode: null,
    streamingMode: null,
    streamingInterval: 0,
  })
  const routes = [
    route(1, 'http', 'get', 'conversations', [response(1, answers.list)]),
    route(2, 'http', 'get', 'asset/:id', [response(2, answers.asset)]),
    route(3, 'crud', 'post', 'conversations/create', [
      response(3, undefined, { bodyType: 'DATABUCKET', databucketID: 'crtd' }),
    ]),
  ]
  return {
    uuid: uuid(0),
    lastMigration: 33,
    name: 'conversation-asset-mock bench',
    endpointPrefix: '',
    latency: 0,
    port: 3000,
    hostname: '127.0.0.1',
    folders: [],
    routes,
    rootChildren: routes.map((each) => ({ type: 'route', uuid: each.uuid })),
    proxyMode: false,
    proxyHost: '',
    proxyRemovePrefix: false,
    tlsOptions: { enabled: false, type: 'CERT', pfxPath: '', certPath: '', keyPath: '', caPath: '', passphrase: '' },
    cors: false,
    headers: [],
    proxyReqHeaders: [],
    proxyResHeaders: [],
    data: [{ uuid: uuid(200), id: 'crtd', name: 'created conversations', documentation: '', value: '[]' }],
    callbacks: [],
  }
}

function openApiDocument(answers, json) {
  const answer = (description, recorded) => ({
    [recorded.status]: { description, content: { 'application/json': { example: json(recorded) } } },
  })
  return {
    openapi: '3.0.3',
    info: { title: 'conversation-asset-mock bench routes', version: '1.0.0' },
    paths: {
      '/conversations': {
        get: { operationId: 'conversationsSnapshot', responses: answer('The conversations', answers.list) },
      },
      '/asset/{asset}': {
        get: {
          operationId: 'assetSnapshot',
          parameters: [{ name: 'asset', in: 'path', required: true, schema: { type: 'string' } }],
          responses: answer('One asset', answers.asset),
        },
      },
      '/conversations/create': {
        post: {
          operationId: 'conversationsCreateSpecificConversation',
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          responses: answer('The new conversation', answers.create),
        },
      },
    },
  }
}

async function hasJava() {
  return run('java', ['-version']).then(
    () => true,
    () => false,
  )
}

async function commandExists(command) {
  return run('sh', ['-c', `command -v ${command}`]).then(
    () => true,
    () => false,
  )
}
