import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startRecorder, type Recorder } from '../../src/replay/recording/start-recorder.js'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'
import { sendRaw, startLocalServer, type LocalServer } from './local-servers.js'

let upstream: LocalServer
let other: LocalServer
beforeEach(async () => {
  upstream = await startLocalServer()
  other = await startLocalServer()
})
afterEach(async () => {
  await upstream.close()
  await other.close()
})

/** What a refused target is answered: the proxy's own words, or what the HTTP parser found for an authority-form target. */
const REFUSAL = /^Failed to (forward|read) the request.+\. Send a plain path|^Malformed HTTP request/

/** Targets that would name the other server if they were resolved against the upstream. */
function hostileTargets(): Array<[form: string, target: string]> {
  const at = `127.0.0.1:${other.port}`
  return [
    ['backslashes', `/\\${at}\\admin\\secrets.json#/reaction`],
    ['absolute-form', `http://${at}/admin/reaction`],
    ['a leading //', `//${at}/admin/reaction`],
    ['an encoded backslash', `/%5C${at}/reaction`],
    ['an @ in the path', `/@${at}/reaction`],
    ['a #', `/admin/reaction#@${at}`],
    ['authority-form', at],
  ]
}

describe('the recorder forwarding to its upstream only', () => {
  let recorder: Recorder
  let out: string
  beforeEach(async () => {
    out = join(await mkdtemp(join(tmpdir(), 'upstream-only-')), 'session.har')
    recorder = await startRecorder({ upstream: upstream.url, out })
  })
  afterEach(() => recorder.close())

  it('answers 400 naming why to every target that could leave the upstream, sending and recording nothing', async () => {
    for (const [form, target] of hostileTargets()) {
      const answer = await sendRaw(recorder.url, 'POST', target, { authorization: 'Bearer secret', cookie: 's=1' })
      expect([form, answer.status]).toEqual([form, 400])
      expect(answer.text).toMatch(REFUSAL)
    }
    expect(upstream.reached).toEqual([])
    expect(other.reached).toEqual([])
    await recorder.close()
    expect(await readFile(out, 'utf8')).not.toContain('"request"')
  })

  it('answers 400 to a stream upgrade that could leave the upstream, opening no stream anywhere', async () => {
    const upgrade = {
      connection: 'upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    }
    for (const [form, target] of hostileTargets()) {
      const answer = await sendRaw(recorder.url, 'GET', target, upgrade)
      expect([form, answer.status]).toEqual([form, 400])
    }
    expect(upstream.reached).toEqual([])
    expect(other.reached).toEqual([])
  })

  it('still forwards a plain path and its query to the upstream', async () => {
    const answer = await sendRaw(recorder.url, 'GET', '/assets?limit=2&name=a%40b')
    expect(answer).toEqual({ status: 200, text: '{"ok":true}' })
    expect(upstream.reached).toEqual(['GET /assets?limit=2&name=a%40b'])
  })
})

describe('the standalone server with proxy forwarding to its upstream only', () => {
  let server: StandaloneServer
  beforeEach(async () => {
    server = await startStandaloneServer({ port: 0, proxy: upstream.url })
  })
  afterEach(() => server.close())

  it('forwards none of the targets that could leave the upstream: 400 to those no operation of the mock answers', async () => {
    const statuses = []
    for (const [form, target] of hostileTargets()) {
      const answer = await sendRaw(server.url, 'POST', target, { authorization: 'Bearer secret', cookie: 's=1' })
      statuses.push([form, answer.status])
      if (answer.status === 400) expect(answer.text).toMatch(REFUSAL)
    }
    // These end in `/reaction`: the mock's own `POST /{application}/reaction` answers them (500, no body), nothing forwarded.
    const ownAnswer = new Set(['backslashes', 'an encoded backslash', 'an @ in the path'])
    expect(statuses).toEqual(hostileTargets().map(([form]) => [form, ownAnswer.has(form) ? 500 : 400]))
    expect(upstream.reached).toEqual([])
    expect(other.reached).toEqual([])
  })
})
