import { read } from '../support/read.js'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { describe, expect, it } from 'vitest'

describe('a standalone server on a port of its own choosing', () => {
  it('reports the URLs it really serves, and its service describes no MSW handlers', async () => {
    const server = await startStandaloneServer({ port: 0 })
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
      expect(server.streamUrls.conversations).toBe(`ws://127.0.0.1:${server.port}/conversations/stream/identifiers`)
      expect('handlers' in server.service).toBe(false)
      expect('baseUrl' in server.service).toBe(false)
      expect((await fetch(`${server.url}/.well-known/health`).then(read)).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
