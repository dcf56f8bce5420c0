import { STREAM_PATHS } from 'conversation-asset-mock'
import { describe, expect, it } from 'vitest'
import { clientCoverage } from '../../src/routes/client-coverage.js'
import { routeTable } from '../../src/routes/route-table.js'

const COVERAGE = clientCoverage(routeTable(), Object.values(STREAM_PATHS))

describe('the methods of the official client', () => {
  it('every one answers with behaviour or a stream: none is left to answer 501', () => {
    const unimplemented = COVERAGE.filter((entry) => entry.answer === 'not implemented').map(
      ({ client }) => `${client.api}.${client.id} (${client.method} ${client.path})`,
    )
    expect(unimplemented).toEqual([])
    expect(COVERAGE.length).toBe(586)
  })
})
