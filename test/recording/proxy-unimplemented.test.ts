import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'

const reached: string[] = []
const upstream = createServer((request, response) => {
  request.resume()
  reached.push(`${request.method} ${request.url}`)
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ id: 'device-1', from: 'upstream' }))
})
let server: StandaloneServer
beforeEach(async () => {
  reached.length = 0
  upstream.listen(0, '127.0.0.1')
  await once(upstream, 'listening')
  server = await startStandaloneServer({
    port: 0,
    proxy: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  })
})
afterEach(async () => {
  await server.close()
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
})

describe('the standalone server with proxy', () => {
  it('forwards a request no operation of the mock answers (a newer client) to the upstream and answers with its answer', async () => {
    const answer = await fetch(`${server.url}/os/device/information/newer?x=1`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(await answer.json()).toEqual({ id: 'device-1', from: 'upstream' })
    expect(reached).toEqual(['GET /os/device/information/newer?x=1'])
  })

  it('answers what it implements itself, without reaching the upstream', async () => {
    const answer = await fetch(`${server.url}/conversations`)
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { iterable: unknown[] }).iterable.length).toBe(
      server.service.store.count('conversation'),
    )
    expect(reached).toEqual([])
  })

  it('answers 502 naming the upstream when it cannot be reached', async () => {
    await new Promise((resolve) => upstream.close(resolve))
    const answer = await fetch(`${server.url}/os/device/information/newer`)
    expect(answer.status).toBe(502)
    expect(await answer.text()).toMatch(
      /^The upstream did not answer: http:\/\/127\.0\.0\.1:\d+ could not be reached: /,
    )
    upstream.listen(0, '127.0.0.1')
    await once(upstream, 'listening')
  })
})
