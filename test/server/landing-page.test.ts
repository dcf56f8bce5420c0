import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

describe('the standalone server at GET /', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('answers a browser with a page linking the inspector, the control plane and the records, and no script', async () => {
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html,application/xhtml+xml' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    for (const path of ['/__mock/ui', '/__mock/overview', '/.well-known/health', '/conversations'])
      expect(html).toContain(`<a href="${path}">`)
    expect(html).toContain(`basePath: '${server.url}'`)
    expect(html).not.toContain('<script')
  })

  it('answers curl with the same links as plain text, each a whole URL', async () => {
    const text = await fetch(`${server.url}/`, { headers: { accept: '*/*' } })
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const body = await text.text()
    expect(body.split('\n')[0]).toBe(
      'conversation-asset-mock: An in-memory mock of the Pieces OS Conversation and Asset Service.',
    )
    expect(body).toContain(`${server.url}/__mock/ui `)
  })

  it('answers HEAD with the headers alone', async () => {
    const head = await fetch(`${server.url}/`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('escapes a hostile Host header in the page', async () => {
    const { request } = await import('node:http')
    const html = await new Promise<string>((resolve, reject) => {
      const sent = request(
        `${server.url}/`,
        { headers: { host: `127.0.0.1:${server.port}"><img src=x onerror=alert(1)>`, accept: 'text/html' } },
        (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () => resolve(body))
        },
      )
      sent.on('error', reject)
      sent.end()
    })
    expect(html).not.toContain('<img src=x')
  })

  it('leaves GET / with a query to the operation the official client sends there', async () => {
    const share = await fetch(`${server.url}/?p=some-piece`, { headers: { accept: 'text/html' } })
    expect(await share.text()).not.toContain('<h1>conversation-asset-mock</h1>')
  })
})
