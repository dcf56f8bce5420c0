import { once } from 'node:events'
import { mkdtemp } from 'node:fs/promises'
import { request, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startRecorder, type Recorder } from '../../src/replay/recording/start-recorder.js'
import { startStandaloneServer } from '../../src/server/start-standalone-server.js'
import { sendRaw, startLocalServer, type LocalServer } from './local-servers.js'

/** An upstream that never answers, keeping each pending response for the test to watch. */
let upstream: LocalServer
const held: ServerResponse[] = []
beforeEach(async () => {
  held.length = 0
  upstream = await startLocalServer((incoming, response) => {
    incoming.resume()
    held.push(response)
    upstream.server.emit('held', response)
  })
})
afterEach(() => upstream.close())

async function recorderWith(limits: { upstreamTimeoutMs?: number; maxPendingUpstream?: number }): Promise<Recorder> {
  const out = join(await mkdtemp(join(tmpdir(), 'upstream-limits-')), 'session.har')
  return startRecorder({ upstream: upstream.url, out, ...limits })
}

describe('the recorder bounding its upstream requests', () => {
  it('answers 504 when the upstream takes longer than the timeout, and cancels the upstream request', async () => {
    const recorder = await recorderWith({ upstreamTimeoutMs: 50 })
    const answer = await sendRaw(recorder.url, 'GET', '/slow')
    expect(answer.status).toBe(504)
    expect(answer.text).toMatch(/took longer than 50 ms/)
    if (!held[0]!.closed) await once(held[0]!, 'close')
    await recorder.close()
  })

  it('cancels the upstream request when its client goes away', async () => {
    const recorder = await recorderWith({})
    const { hostname, port } = new URL(recorder.url)
    const outgoing = request({ hostname, port, path: '/hang' })
    outgoing.on('error', () => {})
    outgoing.end()
    const [pending] = (await once(upstream.server, 'held')) as [ServerResponse]
    const closed = once(pending, 'close')
    outgoing.destroy()
    await closed
    expect(pending.writableFinished).toBe(false)
    await recorder.close()
  })

  it('answers 503 past the pending bound, without sending the request', async () => {
    const recorder = await recorderWith({ maxPendingUpstream: 2 })
    const { hostname, port } = new URL(recorder.url)
    const waiting = [1, 2].map((n) => {
      const outgoing = request({ hostname, port, path: `/wait/${n}` })
      outgoing.on('error', () => {})
      outgoing.end()
      return outgoing
    })
    while (held.length < 2) await once(upstream.server, 'held')
    const answer = await sendRaw(recorder.url, 'GET', '/third')
    expect(answer.status).toBe(503)
    expect(answer.text).toMatch(/^Failed to forward the request to .+: 2 requests are already waiting on it\. Retry/)
    expect(upstream.reached).toEqual(['GET /wait/1', 'GET /wait/2'])
    for (const outgoing of waiting) outgoing.destroy()
    await recorder.close()
  })
})

describe('the standalone server with proxy bounding its upstream requests', () => {
  it('answers 504 when the upstream takes longer than proxyLimits.timeoutMs', async () => {
    const server = await startStandaloneServer({ port: 0, proxy: upstream.url, proxyLimits: { timeoutMs: 50 } })
    const answer = await sendRaw(server.url, 'GET', '/os/device/information/newer')
    expect(answer.status).toBe(504)
    expect(upstream.reached).toEqual(['GET /os/device/information/newer'])
    await server.close()
  })
})

describe('the recorder bounding what it keeps of streams', () => {
  it('passes on every message but records only up to its byte bound, counting the rest in the entry', async () => {
    const server = await startStandaloneServer({ port: 0 })
    const out = join(await mkdtemp(join(tmpdir(), 'stream-bound-')), 'session.har')
    const recorder = await startRecorder({ upstream: server.url, out, maxKeptStreamBytes: 3 * 1024 })
    const { WebSocket } = await import('ws')
    const client = new WebSocket(`${recorder.url.replace('http', 'ws')}/conversations/stream/identifiers`)
    const [first] = (await once(client, 'message')) as [Buffer]
    for (let index = 0; index < 8; index++) client.send(JSON.stringify({ padding: 'x'.repeat(1024), index }))
    client.close()
    await once(client, 'close')
    await recorder.close()
    await server.close()
    const { readFile } = await import('node:fs/promises')
    const [entry] = (JSON.parse(await readFile(out, 'utf8')) as { log: { entries: Record<string, unknown>[] } }).log
      .entries
    const messages = entry!._webSocketMessages as { type: string; data: string }[]
    expect(messages[0]).toMatchObject({ type: 'receive', data: String(first) })
    expect(messages.length).toBeLessThan(4)
    expect(entry!._webSocketMessagesNotRecorded).toBe(9 - messages.length)
  })
})
