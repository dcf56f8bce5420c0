import { Auth0Api, Configuration, OSApi, QGPTApi } from '@pieces.app/pieces-os-client'
import { controlClient, STREAM_PATHS } from 'conversation-asset-mock'
import { clientCoverage, notImplementedText } from '../../src/routes/client-coverage.js'
import { routeTable } from '../../src/routes/route-table.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

const NOT_IMPLEMENTED = clientCoverage(routeTable(), Object.values(STREAM_PATHS)).filter(
  (entry) => entry.answer === 'not implemented',
)

describe.each(runtimes)('the client operations the mock does not implement, $name', ({ start }) => {
  let mock: ContractRuntime
  let configuration: Configuration

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('answers 501 text/plain naming the operation and its path, through the official client', async () => {
    const refused = await failure(new OSApi(configuration).osDeviceInformation())
    expect(refused).toMatchObject({
      status: 501,
      text: 'conversation-asset-mock does not implement osDeviceInformation (GET /os/device/information)',
    })
    expect(refused.type).toMatch(/^text\/plain/)
  })

  it('answers 501 for every one of them, whatever the ids, and changes nothing', async () => {
    expect(NOT_IMPLEMENTED.length).toBeGreaterThan(0)
    const before = JSON.stringify(mock.store.snapshot().records)
    for (const { client } of NOT_IMPLEMENTED) {
      const path = client.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => `${name}-1`)
      // With the query the client sends (GET / with no query is the standalone server's own page).
      const query = client.query.map((name) => `${name}=${name}-1`).join('&')
      const response = await fetch(`${mock.baseUrl}${path}${query && `?${query}`}`, { method: client.method })
      expect(response.status, `${client.method} ${path}`).toBe(501)
      expect(await response.text()).toBe(notImplementedText(client))
    }
    expect(JSON.stringify(mock.store.snapshot().records)).toBe(before)
  })

  it('answers 501 to the form-encoded bodies the OAuth and PKCE operations send, through the official client too', async () => {
    const refused = await failure(
      new Auth0Api(configuration).exchangeForAuth0Token({
        grantType: 'authorization_code',
        clientId: 'client',
        code: 'code',
        redirectUri: 'http://localhost/callback',
        codeVerifier: 'verifier',
      }),
    )
    expect(refused).toMatchObject({
      status: 501,
      text: 'conversation-asset-mock does not implement exchangeForAuth0Token (POST /oauth/token)',
    })
    const forms = NOT_IMPLEMENTED.filter(({ client }) => client.contentType === 'application/x-www-form-urlencoded')
    expect(forms.map(({ client }) => client.id)).toEqual(
      expect.arrayContaining(['exchangeForAuth0Token', 'respondWithCode']),
    )
    for (const { client } of forms) {
      const response = await fetch(`${mock.baseUrl}${client.path}`, {
        method: client.method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=abc&code_verifier=xyz',
      })
      expect(response.status, client.id).toBe(501)
      expect(await response.text()).toBe(notImplementedText(client))
    }
  })

  it('answers a plain GET on every stream path with 426, naming the stream and saying to open a WebSocket', async () => {
    const paths = Object.values(STREAM_PATHS)
    expect(paths.length).toBeGreaterThanOrEqual(18)
    for (const path of paths) {
      const response = await fetch(`${mock.baseUrl}${path}`)
      expect(response.status, path).toBe(426)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
      const text = await response.text()
      expect(text).toMatch(
        new RegExp(
          `^GET ${path.replace(/[.]/g, '\\.')} is the WebSocket stream \\w+: open a WebSocket to ws://<host>${path.replace(/[.]/g, '\\.')} `,
        ),
      )
    }
    const refused = await failure(new QGPTApi(configuration).qgptStream({}))
    expect(refused).toMatchObject({
      status: 426,
      text: 'GET /qgpt/stream is the WebSocket stream qgptStream: open a WebSocket to ws://<host>/qgpt/stream to receive its frames; a plain GET is not served.',
    })
  })

  it('journals the call under the client operation name, so verify() sees a front end make it', async () => {
    const control = controlClient(mock.baseUrl)
    await failure(new OSApi(configuration).osDeviceInformation())
    const [entry] = await control.journal('osDeviceInformation')
    expect(entry).toMatchObject({
      operation: 'osDeviceInformation',
      method: 'GET',
      path: '/os/device/information',
      status: 501,
    })
    await expect(control.verify({ operation: 'osDeviceInformation', times: 1 })).resolves.toHaveLength(1)
  })

  it('lets a fault answer what a test needs instead', async () => {
    const control = controlClient(mock.baseUrl)
    await control.addFault({ operation: 'osDeviceInformation', status: 200, body: '{"name":"linux-box"}', times: 1 })
    const information = await new OSApi(configuration).osDeviceInformation()
    expect(information.name).toBe('linux-box')
    expect((await failure(new OSApi(configuration).osDeviceInformation())).status).toBe(501)
  })

  it('answers a path that is no operation of the client 404 naming it, and journals it as unknown', async () => {
    const response = await fetch(`${mock.baseUrl}/os/no/such/operation`)
    expect(response.status).toBe(404)
    expect(await response.text()).toMatch(/^No operation of the service answers GET \/os\/no\/such\/operation\./)
    const entries = await controlClient(mock.baseUrl).journal()
    expect(entries.at(-1)).toMatchObject({ operation: 'unknown', path: '/os/no/such/operation', status: 404 })
  })
})
