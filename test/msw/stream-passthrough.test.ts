import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { createMswAdapter } from '../../src/msw/create-msw-adapter.js'

describe('the identifier stream pass-through handlers', () => {
  it('many mock services in one process, each on its own base URL, share one and raise no listener-leak warning', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const services = Array.from({ length: 30 }, () => createMockService())
      const adapters = services.map((service, index) =>
        createMswAdapter(service, { baseUrl: `http://localhost:${41_000 + index}` }),
      )
      // Warnings are emitted on the next tick (process.nextTick); the check phase comes after every tick queued.
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([])
      const [first, second] = adapters
      expect(second!.baseUrl).not.toBe(first!.baseUrl)
      expect(second!.handlers.at(-1)).toBe(first!.handlers.at(-1))
      await Promise.all(services.map((service) => service.ready))
    } finally {
      process.off('warning', onWarning)
    }
  })
})
