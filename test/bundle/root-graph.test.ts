import { describe, expect, it } from 'vitest'
import { reachedFrom } from './reached-from.js'

/** Inputs that belong to MSW, its interceptors or mock-socket. */
const transportInputs = (inputs: readonly string[]) =>
  inputs.filter((input) => /node_modules\/(msw|@mswjs\/interceptors|mock-socket)\//.test(input))

describe('the package root', () => {
  it('loads the core and no msw or mock-socket', async () => {
    const inputs = await reachedFrom('index.js')
    expect(inputs.some((input) => input.includes('dist/core/create-mock-service.js'))).toBe(true)
    expect(transportInputs(inputs)).toEqual([])
    expect(inputs.filter((input) => input.includes('dist/msw/'))).toEqual([])
  })
})

describe('the msw entry', () => {
  it('brings the MSW adapter, with msw and mock-socket', async () => {
    const inputs = await reachedFrom('msw/index.js')
    expect(inputs.some((input) => input.includes('dist/msw/create-msw-adapter.js'))).toBe(true)
    expect(inputs.some((input) => input.includes('node_modules/msw/'))).toBe(true)
    expect(inputs.some((input) => input.includes('node_modules/mock-socket/'))).toBe(true)
  })
})
