import { once } from 'node:events'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readHar } from '../../src/replay/har/read-har.js'
import { redactBody } from '../../src/replay/recording/redact-secrets.js'
import { startRecorder } from '../../src/replay/recording/start-recorder.js'

let dir: string
const upstream = createServer((request, response) => {
  request.resume()
  response.setHeader('set-cookie', 'session=server-secret')
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ user: { name: 'Ada', access_token: 'at-123', nested: { refresh_token: 'rt-456' } } }))
})
let base: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'redaction-'))
  upstream.listen(0, '127.0.0.1')
  await once(upstream, 'listening')
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})
afterEach(async () => {
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
})

async function record(keepSecrets: boolean) {
  const out = join(dir, `session-${keepSecrets}.har`)
  const recorder = await startRecorder({ upstream: base, out, keepSecrets })
  const answer = await fetch(`${recorder.url}/user`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer client-secret',
      cookie: 'session=client-secret',
      'x-api-key': 'key-789',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ password: 'hunter2', name: 'Ada' }),
  })
  const seen = (await answer.json()) as { user: { access_token: string } }
  await recorder.close()
  const text = await readFile(out, 'utf8')
  return { text, entry: readHar(text, out).entries[0]!, seen }
}

describe('the recorder keeping secrets out of the HAR', () => {
  it('redacts credential headers and token fields by default, while the client still gets them', async () => {
    const { text, entry, seen } = await record(false)
    expect(seen.user.access_token).toBe('at-123')
    for (const secret of ['client-secret', 'server-secret', 'key-789', 'hunter2', 'at-123', 'rt-456'])
      expect(text).not.toContain(secret)
    const header = (name: string) => entry.request.headers.find((pair) => pair.name === name)?.value
    expect([header('authorization'), header('cookie'), header('x-api-key')]).toEqual([
      '[redacted]',
      '[redacted]',
      '[redacted]',
    ])
    expect(JSON.parse(entry.response.content.text!)).toEqual({
      user: { name: 'Ada', access_token: '[redacted]', nested: { refresh_token: '[redacted]' } },
    })
    expect(JSON.parse(entry.request.postData!.text)).toEqual({ password: '[redacted]', name: 'Ada' })
  })

  it('keeps them with keepSecrets', async () => {
    const { text } = await record(true)
    for (const secret of ['client-secret', 'server-secret', 'key-789', 'hunter2', 'at-123', 'rt-456'])
      expect(text).toContain(secret)
  })
})

describe('redacting secrets wherever they are', () => {
  it('redacts a credential field whatever its value: an array, an object, a number', () => {
    const body = JSON.stringify({ password: ['p1', 'p2'], token: { value: 't1' }, secret: 42, name: 'Ada' })
    expect(JSON.parse(redactBody(body))).toEqual({
      password: '[redacted]',
      token: '[redacted]',
      secret: '[redacted]',
      name: 'Ada',
    })
  })

  it('redacts a token nested 100 levels deep, and one inside arrays 100 levels deep', () => {
    let nested: unknown = { access_token: 'deep-secret' }
    for (let level = 0; level < 100; level++) nested = level % 2 === 0 ? { inner: nested } : [nested]
    const redacted = redactBody(JSON.stringify(nested))
    expect(redacted).not.toContain('deep-secret')
    expect(redacted).toContain('"access_token":"[redacted]"')
  })

  it('redacts credential query parameters in the recorded URL and its queryString', async () => {
    const out = join(dir, 'query.har')
    const recorder = await startRecorder({ upstream: base, out })
    await fetch(`${recorder.url}/auth/callback?code=c-1&token=t-2&api_key=k-3&Password=p-4&page=2`).then((answer) =>
      answer.text(),
    )
    await recorder.close()
    const text = await readFile(out, 'utf8')
    for (const secret of ['c-1', 't-2', 'k-3', 'p-4']) expect(text).not.toContain(secret)
    const { request } = readHar(text, out).entries[0]!
    expect(new URL(request.url).searchParams.get('page')).toBe('2')
    expect(new URL(request.url).searchParams.get('code')).toBe('[redacted]')
    expect(request.queryString).toEqual([
      { name: 'code', value: '[redacted]' },
      { name: 'token', value: '[redacted]' },
      { name: 'api_key', value: '[redacted]' },
      { name: 'Password', value: '[redacted]' },
      { name: 'page', value: '2' },
    ])
  })
})
