import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkDrift } from '../../src/replay/drift/check-drift.js'
import { fixturesFromHar } from '../../src/replay/har/fixtures-from-har.js'
import { harText } from '../../src/replay/har/har-source.js'
import type { HarEntry } from '../../src/replay/har/har-types.js'

interface Har {
  log: { version: string; creator: { name: string }; entries: HarEntry[] }
}

describe('the journal exported as HAR (GET /__mock/journal/har)', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
    for (const path of ['/conversations', '/assets', '/asset/no-such-asset', '/no/such/path?x=1']) {
      await fetch(`${server.url}${path}`).then((answer) => answer.text())
    }
    await fetch(`${server.url}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COPILOT', name: 'from the journal' }),
    }).then((answer) => answer.text())
  })
  afterAll(() => server?.close())

  const exported = async (query = '') => {
    const answer = await fetch(`${server.url}/__mock/journal/har${query}`)
    return { answer, har: (await answer.json()) as Har }
  }

  it('answers a HAR 1.2 download of every request, oldest first, unknown paths included', async () => {
    const { answer, har } = await exported(`?base=${encodeURIComponent(server.url)}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="journal.har"')
    expect(har.log.version).toBe('1.2')
    expect(har.log.creator.name).toBe('conversation-asset-mock')
    expect(har.log.entries.map((entry) => `${entry.request.method} ${entry.response.status}`)).toEqual([
      'GET 200',
      'GET 200',
      'GET 410',
      'GET 404',
      'POST 200',
    ])
    const [first] = har.log.entries
    expect(first!.request.url).toBe(`${server.url}/conversations`)
    expect(first!.response.content.mimeType).toContain('application/json')
    expect(JSON.parse(first!.response.content.text!).iterable.length).toBe(
      server.service.store.count('conversation') - 1,
    )
    const unknown = har.log.entries[3]!
    expect(unknown.request.url).toBe(`${server.url}/no/such/path?x=1`)
    expect(unknown.request.queryString).toEqual([{ name: 'x', value: '1' }])
    const created = har.log.entries[4]!
    expect(JSON.parse(created.request.postData!.text).name).toBe('from the journal')
  })

  it("keeps only what the journal's filters keep: operation, status and text", async () => {
    expect((await exported('?status=4xx')).har.log.entries.map((entry) => entry.request.url)).toEqual([
      'http://localhost/asset/no-such-asset',
      'http://localhost/no/such/path?x=1',
    ])
    expect((await exported('?operation=assetsSnapshot')).har.log.entries).toHaveLength(1)
    // In two paths, and in the body of the assets list (each asset names its conversations).
    expect((await exported('?q=CONVERSATIONS')).har.log.entries.map((entry) => entry.request.url)).toEqual([
      'http://localhost/conversations',
      'http://localhost/assets',
      'http://localhost/conversations/create',
    ])
  })

  it('refuses a base that is not an http URL, saying what to send', async () => {
    const answer = await fetch(`${server.url}/__mock/journal/har?base=javascript:alert(1)`)
    expect(answer.status).toBe(400)
    expect(await answer.text()).toContain('Failed to export the journal as HAR: base "javascript:alert(1)"')
  })

  it('is read by fixtures import and replayed by drift', async () => {
    const { har } = await exported(`?base=${encodeURIComponent(server.url)}`)
    const text = JSON.stringify(har)
    const { fixtures } = await fixturesFromHar(harText(text, 'journal.har'))
    expect(fixtures.conversation?.some((conversation) => conversation.name === 'from the journal')).toBe(true)
    const report = await checkDrift(harText(text, 'journal.har'))
    // Every exchange of the service's is replayed; the unknown path is not the service's.
    expect({ replayed: report.replayed, skipped: report.skipped }).toEqual({ replayed: 4, skipped: 1 })
  })
})
