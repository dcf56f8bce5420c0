import { describe, expect, it } from 'vitest'
import { httpReply } from '../../src/core/http-surface/http-reply.js'
import { SERVICE_CORS_HEADERS } from '../../src/core/http-surface/service-cors.js'
import { headAnswer, jsonAnswer, textAnswer } from '../../src/execution/answer.js'

describe('an answer as every transport replies it', () => {
  it('lets any page read the service’s answers, the session header allowed', () => {
    const reply = httpReply(textAnswer(410, 'Asset no longer exists and is Gone.'), true)
    expect(reply).toEqual({
      status: 410,
      headers: { ...SERVICE_CORS_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
      body: 'Asset no longer exists and is Gone.',
    })
    expect(SERVICE_CORS_HEADERS['access-control-allow-headers']).toContain('x-mock-session')
  })

  it('leaves the CORS headers off the control API’s answers', () => {
    const reply = httpReply(jsonAnswer(200, { entries: [] }), false)
    expect(reply).toEqual({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"entries":[]}' })
  })

  it('gives an empty answer its status and the CORS headers alone', () => {
    expect(httpReply({ status: 204 }, true)).toEqual({ status: 204, headers: { ...SERVICE_CORS_HEADERS } })
  })

  it('answers a HEAD with the GET’s content type and length, and no body', () => {
    const reply = httpReply(headAnswer(textAnswer(200, 'héllo')), true)
    expect(reply).toEqual({
      status: 200,
      headers: { ...SERVICE_CORS_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'content-length': '6' },
    })
  })

  it('hands a JSON answer past 1 MiB over as a stream whose pieces are the same text', () => {
    const value = { iterable: Array.from({ length: 3000 }, (_, index) => ({ id: `c${index}`, text: 'x'.repeat(500) })) }
    const reply = httpReply(jsonAnswer(200, value), true)
    if ('networkError' in reply) throw new Error('expected a reply with a body')
    expect(reply.body).toBeUndefined()
    const pieces = [...reply.stream!]
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.join('')).toBe(JSON.stringify(value))
    expect(reply.headers['content-type']).toBe('application/json')
  })

  it('keeps an injected network error a network error', () => {
    expect(httpReply({ networkError: true }, true)).toEqual({ networkError: true })
  })

  it('gives each reply headers of its own, which a transport may add to', () => {
    const first = httpReply({ status: 204 }, true)
    if ('networkError' in first) throw new Error('expected a reply')
    first.headers['content-length'] = '0'
    const second = httpReply({ status: 204 }, true)
    expect('networkError' in second ? undefined : second.headers['content-length']).toBeUndefined()
  })
})
