import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'

describe('the control API and where its clients are', () => {
  // Exercised without sending traffic to any non-loopback address: the
  // transport says whether the client is on loopback, and the service decides.
  const reset = (loopback: boolean) => {
    const service = createMockService()
    const route = service.route('POST', '/__mock/reset')!
    return service.answer(route, {
      method: 'POST',
      path: '/__mock/reset',
      query: new URLSearchParams(),
      body: '',
      loopback,
    })
  }

  it('refuses clients that are not on loopback, whatever the bind address', async () => {
    expect(await reset(false)).toEqual({
      status: 403,
      contentType: 'text/plain; charset=utf-8',
      body: 'The control API answers loopback clients only.',
    })
    expect(await reset(true)).toEqual({ status: 204 })
  })
})

describe('one access policy and one body reader for every transport', () => {
  const answer = (service: ReturnType<typeof createMockService>, path: string, extra: object, body = '') =>
    service.answer(service.route('POST', path)!, {
      method: 'POST',
      path,
      query: new URLSearchParams(),
      body,
      ...extra,
    })

  it('refuses a control request sent to a name that is not loopback, or from another site, whatever the transport', async () => {
    const service = createMockService()
    const rebound = await answer(service, '/__mock/reset', { loopback: true, host: 'rebound.example:39300' })
    expect(rebound).toMatchObject({
      status: 403,
      body: expect.stringMatching(/^The control API answers requests to localhost/),
    })
    const foreign = await answer(service, '/__mock/reset', { loopback: true, origin: 'https://evil.example' })
    expect(foreign).toMatchObject({
      status: 403,
      body: expect.stringMatching(/^The control API answers pages of its own origin only/),
    })
    const allowed = createMockService({ allowedOrigins: ['https://app.example'] })
    expect(await answer(allowed, '/__mock/reset', { host: 'localhost:39300', origin: 'https://app.example' })).toEqual({
      status: 204,
    })
  })

  it('words a malformed body the same way on the service (its declared 500) and the control API (400)', async () => {
    const service = createMockService()
    const onService = await answer(service, '/conversations/create', {}, '{"type": "COPILOT"')
    const onControl = await answer(service, '/__mock/faults', {}, '{"type": "COPILOT"')
    expect(onService).toMatchObject({ status: 500 })
    expect(onControl).toMatchObject({ status: 400 })
    if ('networkError' in onService || 'networkError' in onControl) throw new Error('Expected answers with bodies.')
    expect(onControl.body).toBe(onService.body)
    expect(onControl.body).toMatch(/^Malformed JSON body: /)
  })
})
