import { request } from 'node:http'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** Asks for a WebSocket upgrade and resolves with the status and text the server answers instead. */
function upgrade(url: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    })
    req.on('response', (response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => (text += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    req.on('upgrade', () => reject(new Error(`Expected ${path} to refuse the upgrade.`)))
    req.on('error', reject)
    req.end()
  })
}

describe('WebSocket paths the standalone server does not serve', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('refuses any other path with 404', async () => {
    expect((await upgrade(server.url, '/no/such/stream')).status).toBe(404)
  })
})
