import { describe, expect, it } from 'vitest'
import { baseUrlParts, pathUnderBase } from '../../src/core/http-surface/base-url-parts.js'

describe('a base URL the mock answers at', () => {
  it('is split into its origin, its WebSocket origin and its own path', () => {
    expect(baseUrlParts('https://example.test:1000/api/')).toEqual({
      origin: 'https://example.test:1000',
      wsOrigin: 'wss://example.test:1000',
      prefix: '/api',
    })
  })

  it('gives the service’s path of a URL under it, the base’s path taken off and the query left out', () => {
    const base = baseUrlParts('http://localhost:1000/api')
    expect(pathUnderBase(base, new URL('http://localhost:1000/api/conversations?x=1'))).toBe('/conversations')
    expect(pathUnderBase(baseUrlParts('http://localhost:39300'), new URL('http://localhost:39300/assets'))).toBe(
      '/assets',
    )
  })

  it('matches no other origin and no path outside its own', () => {
    const base = baseUrlParts('http://localhost:1000/api')
    expect(pathUnderBase(base, new URL('http://localhost:1001/api/conversations'))).toBeUndefined()
    expect(pathUnderBase(base, new URL('http://localhost:1000/apiary/conversations'))).toBeUndefined()
    expect(pathUnderBase(base, new URL('http://localhost:1000/conversations'))).toBeUndefined()
  })

  it('compares a WebSocket URL with its WebSocket origin', () => {
    const base = baseUrlParts('http://localhost:1000/api')
    expect(pathUnderBase(base, new URL('ws://localhost:1000/api/conversations/stream/identifiers'))).toBe(
      '/conversations/stream/identifiers',
    )
    expect(pathUnderBase(base, new URL('wss://localhost:1000/api/conversations/stream/identifiers'))).toBeUndefined()
  })

  it('is refused when it is not an absolute http(s) URL, with an example of one', () => {
    expect(() => baseUrlParts('localhost:39300')).toThrow(/Failed to route the mock: .* http:\/\/localhost:39300/)
    expect(() => baseUrlParts('/api')).toThrow(/is not an absolute URL/)
    expect(() => baseUrlParts('ftp://localhost:39300')).toThrow(/is not http\(s\)/)
  })
})
