import { describe, expect, it } from 'vitest'
import { reachedFrom } from './reached-from.js'

describe('the standalone server entry', () => {
  it('reaches the transport-free core and no MSW, mock-socket or MSW adapter code', async () => {
    const inputs = await reachedFrom('server/index.js')
    expect(inputs.some((input) => input.includes('dist/core/create-mock-service.js'))).toBe(true)
    expect(
      inputs.filter((input) => /node_modules\/(msw|@mswjs\/interceptors|mock-socket)\/|dist\/msw\//.test(input)),
    ).toEqual([])
  })
})

describe('the CLI', () => {
  it('reaches no MSW or mock-socket code either', async () => {
    const inputs = await reachedFrom('cli/commands.js')
    expect(inputs.filter((input) => /node_modules\/(msw|mock-socket)\//.test(input))).toEqual([])
  })
})
