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
