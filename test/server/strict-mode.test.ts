import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

describe('the standalone server on a path no operation answers', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('answers 404 naming the nearest operation, as in process, and journals it as unknown', async () => {
    server.service.journal.clear()
    const response = await fetch(`${server.url}/asset/x/formatz?q=1`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(await response.text()).toBe(
      'No operation of the service answers GET /asset/x/formatz. Did you mean asset_formats (GET /asset/{asset}/formats) or assetsSpecificAssetFormatsSnapshot (GET /assets/{asset}/formats)?',
    )
    expect(server.service.journal.entries).toMatchObject([
      { operation: 'unknown', method: 'GET', path: '/asset/x/formatz', query: { q: '1' }, status: 404 },
    ])
  })

  it('suggests an operation of the same path under another method', async () => {
    const response = await fetch(`${server.url}/conversations`, { method: 'DELETE' })
    expect(await response.text()).toContain('Did you mean conversationsSnapshot (GET /conversations)')
  })

  it('answers a path past any operation length at once, with no suggestion', async () => {
    const response = await fetch(`${server.url}/${'a/'.repeat(2000)}`)
    expect(response.status).toBe(404)
    const text = await response.text()
    expect(text).not.toContain('Did you mean')
    expect(text.length).toBeLessThan(300)
  })
})
