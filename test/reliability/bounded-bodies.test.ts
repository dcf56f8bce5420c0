import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { jsonLimitsFor, jsonShapeProblem, MAX_JSON_KEYS, MAX_JSON_MEMBERS } from '../../src/execution/json-shape.js'
import { setupMockServer } from '../../src/node/setup-mock-server.js'
import { send, statusOf, textOf } from './in-process.js'
import { read } from '../support/read.js'

const MSW_MAJOR = Number(
  (createRequire(import.meta.url)('msw/package.json') as { version: string }).version.split('.')[0],
)

const MiB = 1024 * 1024
/** The keys a body may have under the default body limit of 16 MiB. */
const DEFAULT_KEYS = jsonLimitsFor(16 * MiB).keys

/**
 * A regression guard, not a speed target: an 800,000-key object held the
 * server for over 5 s before its shape was checked. The cap is generous so a
 * slow machine never fails it.
 */
const GENEROUS_CAP_MS = 1000

/** An object of `count` distinct keys, the costliest shape for a JSON parser. */
const manyKeys = (count: number): string => `{${Array.from({ length: count }, (_, at) => `"k${at}":1`).join(',')}}`

describe('request bodies whose shape would hold the server are refused before they are parsed', () => {
  const eightHundredThousandKeys = manyKeys(800_000)

  it('counts keys and members outside strings only, and stops at the first bound passed', () => {
    const small = { depth: 64, keys: 2, members: 3 }
    expect(jsonShapeProblem('{"a":1,"b":2}', small)).toBeUndefined()
    expect(jsonShapeProblem('{"a":1,"b":2,"c":3}', small)).toMatch(/more than 2 object keys/)
    expect(jsonShapeProblem('{"a":":::,,,,","b":"\\":,"}', small)).toBeUndefined()
    expect(jsonShapeProblem('[1,2,3,4]', small)).toMatch(/more than 3 members/)
    // Past the bound, what follows is never looked at: malformed text after it changes nothing.
    expect(jsonShapeProblem('{"a":1,"b":2,"c":3,"d" nonsense', small)).toMatch(/more than 2 object keys/)
  })

  it('takes a body at the bounds exactly', () => {
    expect(jsonShapeProblem(manyKeys(MAX_JSON_KEYS))).toBeUndefined()
    expect(jsonShapeProblem(`[${'1,'.repeat(MAX_JSON_MEMBERS - 1)}1]`)).toBeUndefined()
    expect(jsonShapeProblem(`[${'1,'.repeat(MAX_JSON_MEMBERS)}1]`)).toMatch(/more than 1000000 members/)
  })

  it('answers a create of an 800,000-key object with the declared 500 at once, and stores nothing', async () => {
    const service = createMockService()
    await service.ready
    const before = service.store.count('conversation')
    const started = performance.now()
    const answer = await send(service, 'POST', '/conversations/create', eightHundredThousandKeys)
    expect(performance.now() - started).toBeLessThan(GENEROUS_CAP_MS)
    expect(statusOf(answer)).toBe(500)
    expect(textOf(answer)).toBe(
      `Malformed JSON body: it has more than ${DEFAULT_KEYS} object keys, more than the mock reads in one request. Send a body of at most ${DEFAULT_KEYS} object keys.`,
    )
    expect(service.store.count('conversation')).toBe(before)
  })

  it('answers the control API such a body with 400, and adds no fault', async () => {
    const service = createMockService()
    const answer = await send(service, 'POST', '/__mock/faults', eightHundredThousandKeys)
    expect(statusOf(answer)).toBe(400)
    expect(textOf(answer)).toMatch(`more than ${DEFAULT_KEYS} object keys`)
    expect(service.faults.list()).toEqual([])
  })
})

describe('a record the mock served', () => {
  it('is taken back by its update route, however many keys its messages make', async () => {
    const service = createMockService({ scenario: 'empty' })
    await service.ready
    const at = '2024-05-01T12:00:00.000Z'
    const id = '0c0c0c0c-0000-4000-8000-000000000001'
    const messageIds = Array.from(
      { length: 10_504 },
      (_, n) => `0e0e0e0e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    )
    const messages = messageIds.map((messageId) => ({
      ...{ id: messageId, conversation: id, role: 'USER', created: at, updated: at },
      fragment: { string: { raw: 'Hi' } },
    }))
    const conversation = { id, name: 'Long', type: 'COPILOT', created: at, updated: at, messages: messageIds }
    await service.store.replaceAll({ conversation: [conversation], message: messages } as never)
    const served = textOf(await send(service, 'GET', `/conversation/${id}`))
    // More keys than the floor of 20,000: every message id is listed twice (iterable and indices).
    expect(served.split('":').length - 1).toBeGreaterThan(MAX_JSON_KEYS)
    const updated = await send(service, 'POST', '/conversation/update', served)
    expect(textOf(updated)).not.toMatch(/Malformed/)
    expect(statusOf(updated)).toBe(200)
    expect(service.store.get('conversation', id)?.messages).toHaveLength(10_504)
  })

  it('has its key bound grow with the body limit, from a floor of 20,000', () => {
    expect(jsonLimitsFor(16 * MiB).keys).toBe(262_144)
    expect(jsonLimitsFor(64 * 1024).keys).toBe(MAX_JSON_KEYS)
    expect(jsonShapeProblem(manyKeys(30_000), jsonLimitsFor(64 * 1024))).toMatch(/more than 20000 object keys/)
  })
})

describe('the request body cap in process', () => {
  it('answers a body over the service maxBodyBytes with 413 before parsing it, on any transport', async () => {
    const service = createMockService({ maxBodyBytes: 4096 })
    await service.ready
    const before = service.store.count('conversation')
    const over = await send(service, 'POST', '/conversations/create', `{"type":"COPILOT","name":"${'é'.repeat(2100)}"}`)
    expect(statusOf(over)).toBe(413)
    expect(textOf(over)).toBe('Request body is larger than the limit of 4096 bytes.')
    expect(service.store.count('conversation')).toBe(before)
    const under = await send(
      service,
      'POST',
      '/conversations/create',
      `{"type":"COPILOT","name":"${'x'.repeat(4000)}"}`,
    )
    expect(statusOf(under)).toBe(200)
  })

  describe('through MSW (setupMockServer)', () => {
    const mock = setupMockServer({ baseUrl: 'http://localhost:39341', maxBodyBytes: 64 * 1024 })
    const defaults = setupMockServer({ baseUrl: 'http://localhost:39342' })
    beforeAll(async () => {
      await mock.listen()
      await defaults.listen()
    })
    afterAll(() => {
      mock.close()
      defaults.close()
    })

    const create = (baseUrl: string, body: BodyInit, init: RequestInit = {}) =>
      fetch(`${baseUrl}/conversations/create`, { method: 'POST', body, ...init })

    it('answers a body one byte over the default 16 MiB with 413, as the standalone server does', async () => {
      const before = defaults.store.count('conversation')
      const name = 'x'.repeat(16 * MiB - 28)
      const over = await create(defaults.baseUrl, `{"type":"COPILOT","name":"${name}x"}`)
      expect(over.status).toBe(413)
      expect(await over.text()).toBe(`Request body is larger than the limit of ${16 * MiB} bytes.`)
      expect(defaults.store.count('conversation')).toBe(before)
      const exact = await create(defaults.baseUrl, `{"type":"COPILOT","name":"${name}"}`).then(read)
      expect(exact.status).toBe(200)
    })

    it('answers a streamed body with no content-length with 413 once it passes the cap', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
      let pulled = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          // Ten times the cap, were it all read: the reader stops after the cap.
          if (pulled++ < 40) controller.enqueue(chunk)
          else controller.close()
        },
      })
      const over = await create(mock.baseUrl, body, { duplex: 'half' } as RequestInit)
      expect(over.status).toBe(413)
      expect(await over.text()).toBe(`Request body is larger than the limit of ${64 * 1024} bytes.`)
      // msw 2 hands the handler the client's own stream, so the cap stops the pulling; msw 3 intercepts
      // at the socket, where the client sends its whole body before the handler reads it.
      if (MSW_MAJOR < 3) expect(pulled).toBeLessThan(40)
    })

    it('answers the control API over the cap with 413 too', async () => {
      const answer = await fetch(`${mock.baseUrl}/__mock/faults`, {
        method: 'POST',
        body: `{"operation":"${'x'.repeat(70 * 1024)}"}`,
      })
      expect(answer.status).toBe(413)
      expect(await answer.text()).toBe(`Request body is larger than the limit of ${64 * 1024} bytes.`)
      expect(mock.faults.list()).toEqual([])
    })
  })
})
