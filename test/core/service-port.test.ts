import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import type { MockService } from '../../src/core/mock-service.js'
import { portOf } from '../../src/core/service-port.js'

describe('the transport port of a service', () => {
  it('routes and answers as the service does', async () => {
    const service = createMockService({ scenario: 'empty' })
    const port = portOf(service)
    const route = port.route('GET', '/conversations')!
    const answer = await port.answer(route, {
      method: 'GET',
      path: '/conversations',
      query: new URLSearchParams(),
      body: '',
    })
    expect(answer).toMatchObject({ status: 200, contentType: 'application/json' })
    expect(service.journal.entries).toHaveLength(1)
    expect(port.streamAt('/conversations/stream/identifiers')?.name).toBe('conversations')
    service.close()
  })

  it('is found on an object made from the service, as the runtime entries make theirs', () => {
    const service = createMockService()
    const wrapped = Object.assign(Object.create(service) as MockService, { baseUrl: 'http://localhost:1000' })
    expect(portOf(wrapped)).toBe(portOf(service))
    service.close()
  })

  it('stays out of the service’s keys, so a copy of the service has none', () => {
    const service = createMockService()
    expect(Object.keys(service).some((key) => key.toLowerCase().includes('port'))).toBe(false)
    expect(() => portOf({ ...service })).toThrow(
      /Failed to serve the mock: the service given was not made by createMockService\(\).*Pass the service createMockService\(\) returns/,
    )
    service.close()
  })
})
