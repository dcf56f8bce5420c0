import { http, HttpResponse } from 'msw'
import { read } from '../support/read.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupMockServer } from '../../src/node/setup-mock-server.js'

const SUGGESTION =
  'No operation of the service answers GET /asset/x/formatz. Did you mean asset_formats (GET /asset/{asset}/formats) or assetsSpecificAssetFormatsSnapshot (GET /assets/{asset}/formats)?'

describe('strict mode in process (setupMockServer)', () => {
  const baseUrl = 'http://localhost:39361'
  const mock = setupMockServer({ baseUrl })
  beforeAll(() => mock.listen())
  afterAll(() => mock.close())

  it('answers a typo under the base URL with 404 naming the nearest operation, and journals it as unknown', async () => {
    mock.journal.clear()
    const response = await fetch(`${baseUrl}/asset/x/formatz`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(await response.text()).toBe(SUGGESTION)
    const [entry] = mock.journal.entries
    expect(entry).toMatchObject({ operation: 'unknown', method: 'GET', path: '/asset/x/formatz', status: 404 })
  })

  it('lets verify() refuse the unknown name instead of counting it as an operation', async () => {
    await fetch(`${baseUrl}/asset/x/formatz`).then(read)
    // @ts-expect-error -- no operation is named `unknown`, for the types either.
    expect(() => mock.verify({ operation: 'unknown' })).toThrow(/unknown/)
  })

  it('still answers a server.use() handler for a path under the base URL no operation has', async () => {
    mock.server.use(http.get(`${baseUrl}/my/own/path`, () => HttpResponse.json({ own: true })))
    const response = await fetch(`${baseUrl}/my/own/path`)
    expect(await response.json()).toEqual({ own: true })
    mock.server.resetHandlers()
  })
})

describe('strict: false in process', () => {
  const baseUrl = 'http://localhost:39362'
  const mock = setupMockServer({ baseUrl, strict: false, onUnhandledRequest: 'bypass' })
  beforeAll(() => mock.listen())
  afterAll(() => mock.close())

  it('leaves a typo under the base URL unhandled and out of the journal, as before', async () => {
    mock.journal.clear()
    // Bypassed to the network, where nothing listens on the mock's port.
    await expect(fetch(`${baseUrl}/asset/x/formatz`)).rejects.toThrow()
    expect(mock.journal.entries).toEqual([])
  })
})
