import { describe, expect, it, vi } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { recordFrames } from '../../src/events/frame-recorder.js'
import { send, statusOf, textOf } from '../reliability/in-process.js'

const operation = 'conversationsSnapshot'

/** Operation faults that cannot work, and what the message says about each. */
const BAD_FAULTS: [string, Record<string, unknown>, RegExp][] = [
  ['times below one', { operation, status: 500, times: -5 }, /times is -5, and must be a positive whole number/],
  ['times not whole', { operation, status: 500, times: 1.5 }, /times is 1.5/],
  ['times as text', { operation, status: 500, times: '3' }, /times is "3"/],
  ['a number as body', { operation, status: 500, body: 12345 }, /body 12345 is neither text nor an object/],
  ['a body on a 204', { operation, status: 204, body: 'x' }, /a 204 answer has no body/],
  ['a body on a 304', { operation, status: 304, body: { a: 1 } }, /a 304 answer has no body/],
  ['a status as text', { operation, status: '500' }, /status "500" is not an HTTP status/],
  ['a status not whole', { operation, status: 500.5 }, /status 500.5 is not an HTTP status/],
  ['a status below 200', { operation, status: 101 }, /status 101 is not an HTTP status/],
  ['a status past 599', { operation, status: 600 }, /status 600 is not an HTTP status/],
  ['a negative delay', { operation, delayMs: -1 }, /delayMs must be a number of milliseconds/],
  ['a delay range upside down', { operation, delayMs: { min: 5, max: 1 } }, /delayMs must be/],
  ['a delay as text', { operation, delayMs: '10' }, /delayMs must be/],
  ['networkError as text', { operation, networkError: 'yes' }, /networkError is "yes"/],
  ['a network error with a status', { operation, networkError: true, status: 500 }, /a network error has no status/],
  ['a body without a status', { operation, delayMs: 5, body: 'x' }, /a body needs a status/],
  ['a misspelt field', { operation, stauts: 500 }, /it has no field "stauts". Use only operation, status/],
  ['no effect', { operation }, /it has no effect/],
]

/** Stream faults that cannot work. */
const BAD_STREAM_FAULTS: [string, Record<string, unknown>, RegExp][] = [
  ['a close code as text', { stream: 'assets', close: { code: '3000' } }, /close code "3000" cannot be sent/],
  ['a close code not whole', { stream: 'assets', close: { code: 3000.5 } }, /close code 3000.5 cannot be sent/],
  ['a reserved close code', { stream: 'assets', close: 1006 }, /close code 1006 cannot be sent/],
  [
    'a close reason over 123 bytes',
    { stream: 'assets', close: { code: 4000, reason: 'é'.repeat(62) } },
    /reason of 124 bytes is not text of at most 123 UTF-8 bytes/,
  ],
  ['a close as text', { stream: 'assets', close: 'now' }, /close is "now"/],
  ['a close with another field', { stream: 'assets', close: { code: 4000, why: 'x' } }, /close has no field "why"/],
  ['drop as text', { stream: 'assets', drop: 'yes' }, /drop is "yes"/],
  ['a negative delay', { stream: 'assets', delayMs: -1 }, /delayMs must be a number of milliseconds/],
  ['times zero', { stream: 'assets', drop: true, times: 0 }, /times is 0/],
  ['a misspelt field', { stream: 'assets', dorp: true }, /it has no field "dorp"/],
  ['an unknown stream', { stream: 'nope', drop: true }, /"nope" is not a stream/],
]

describe('fault specs are checked in full when added', () => {
  it.each(BAD_FAULTS)(
    'refuses an operation fault with %s, in process and with 400 over HTTP',
    async (_name, spec, message) => {
      const service = createMockService()
      expect(() => service.faults.add(spec as never)).toThrow(message)
      const answer = await send(service, 'POST', '/__mock/faults', JSON.stringify(spec))
      expect(statusOf(answer)).toBe(400)
      expect(textOf(answer)).toMatch(/^Failed to add a fault/)
      expect(textOf(answer)).toMatch(message)
      expect(service.faults.list()).toEqual([])
    },
  )

  it.each(BAD_STREAM_FAULTS)(
    'refuses a stream fault with %s, in process and with 400 over HTTP',
    async (_name, spec, message) => {
      const service = createMockService()
      expect(() => service.faults.addStream(spec as never)).toThrow(message)
      const answer = await send(service, 'POST', '/__mock/faults', JSON.stringify(spec))
      expect(statusOf(answer)).toBe(400)
      expect(textOf(answer)).toMatch(message)
      expect(service.faults.listStreams()).toEqual([])
    },
  )

  it('refuses an infinite delay, which JSON cannot carry but code can', () => {
    expect(() => createMockService().faults.add({ operation, delayMs: Infinity })).toThrow(/delayMs must be/)
  })

  it('answers a 204 fault with no body, and an object body as JSON', async () => {
    const service = createMockService()
    service.faults.add({ operation, status: 204, times: 1 })
    expect(await send(service, 'GET', '/conversations')).toEqual({ status: 204 })
    const body = { error: 'busy' }
    service.faults.add({ operation, status: 503, body, times: 1 })
    body.error = 'changed after adding'
    expect(await send(service, 'GET', '/conversations')).toEqual({
      status: 503,
      contentType: 'application/json',
      body: '{"error":"busy"}',
    })
  })

  it('takes a close reason of exactly 123 bytes', () => {
    const fault = createMockService().faults.addStream({
      stream: 'assets',
      close: { code: 4000, reason: 'é'.repeat(61) + 'a' },
    })
    expect(fault.close).toEqual({ code: 4000, reason: 'é'.repeat(61) + 'a' })
  })
})

describe("no listener's failure changes a committed write's answer", () => {
  it('answers a create 200 when a store listener throws, tells the listeners after it, and leaves no stale read', async () => {
    const service = createMockService()
    await service.ready
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const before = JSON.parse(textOf(await send(service, 'GET', '/conversations'))) as { iterable: unknown[] }
      service.store.subscribe(() => {
        throw new Error('listener failed')
      })
      const heard: string[] = []
      service.store.subscribe((event) => heard.push(event.type))
      const created = await send(service, 'POST', '/conversations/create', '{"type":"COPILOT"}')
      expect(statusOf(created)).toBe(200)
      expect(heard).toEqual(['write'])
      const after = JSON.parse(textOf(await send(service, 'GET', '/conversations'))) as { iterable: unknown[] }
      expect(after.iterable).toHaveLength(before.iterable.length + 1)
      expect(errors).toHaveBeenCalledTimes(1)
    } finally {
      errors.mockRestore()
    }
  })

  it('sends a frame to every other stream client when one cannot take it', async () => {
    const service = createMockService()
    await service.ready
    service.hub.join('conversations', {
      send: () => {
        throw new Error('socket gone')
      },
      close: () => {},
    })
    const received: string[] = []
    service.hub.join('conversations', { send: (frame) => received.push(frame), close: () => {} })
    expect(statusOf(await send(service, 'POST', '/conversations/create', '{"type":"COPILOT"}'))).toBe(200)
    expect(received).toHaveLength(1)
  })

  it('closes every other stream client when closing one throws', async () => {
    const service = createMockService()
    await service.ready
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      service.hub.join('conversations', {
        send: () => {},
        close: () => {
          throw new Error('cannot close')
        },
      })
      const closed: number[] = []
      service.hub.join('conversations', { send: () => {}, close: (code) => closed.push(code) })
      service.faults.addStream({ stream: 'conversations', close: 4000, times: 1 })
      expect(statusOf(await send(service, 'POST', '/conversations/create', '{"type":"COPILOT"}'))).toBe(200)
      expect(closed).toEqual([4000])
      expect(errors).toHaveBeenCalledTimes(1)
    } finally {
      errors.mockRestore()
    }
  })

  it('fails a recordFrames() wait whose predicate throws, and keeps recording', async () => {
    let listener: ((event: { data: unknown }) => void) | undefined
    const frames = recordFrames({ addEventListener: (_type, added) => (listener = added) })
    const waiting = frames.next(() => {
      throw new Error('predicate failed')
    })
    expect(() => listener!({ data: '{"iterable":[]}' })).not.toThrow()
    await expect(waiting).rejects.toThrow('predicate failed')
    expect(frames.frames).toHaveLength(1)
  })
})
