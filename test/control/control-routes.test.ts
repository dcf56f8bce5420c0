import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { createControlRoutes } from '../../src/control/control-routes.js'

describe('the control API and where its clients are', () => {
  // Exercised without sending traffic to any non-loopback address: the route
  // decides from the connection's remote address alone.
  const requestFrom = (remoteAddress: string) => ({ socket: { remoteAddress } }) as IncomingMessage

  it('refuses clients that are not on loopback, whatever the bind address', async () => {
    const control = createControlRoutes(createMockService())
    const refused = await control.answer(requestFrom('203.0.113.7'), 'POST', '/__mock/reset', '', new URLSearchParams())
    expect(refused).toEqual({ status: 403, text: 'The control API answers loopback clients only.' })
    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answered = await control.answer(requestFrom(loopback), 'POST', '/__mock/reset', '', new URLSearchParams())
      expect(answered).toEqual({ status: 204 })
    }
  })
})
