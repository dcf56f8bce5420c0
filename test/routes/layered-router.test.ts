import { describe, expect, it } from 'vitest'
import { createLayeredRouter } from '../../src/routes/layered-router.js'
import type { Route } from '../../src/routes/router.js'

const FIRST: Array<Route<string>> = [
  { method: 'GET', path: '/assets', target: 'assets' },
  { method: 'GET', path: '/asset/:asset', target: 'asset' },
  { method: 'GET', path: '/asset/:asset/formats', target: 'asset formats' },
]
const LATER: Array<Route<string>> = [
  { method: 'GET', path: '/asset/pseudo', target: 'pseudo (501)' },
  { method: 'GET', path: '/asset/:asset/activities', target: 'asset activities (501)' },
  { method: 'POST', path: '/assets/draft', target: 'draft (501)' },
]

/** A layered router over FIRST and LATER, counting how often the later routes were built. */
function router() {
  const built = { count: 0 }
  const find = createLayeredRouter(FIRST, () => {
    built.count++
    return LATER
  }).find
  return { find, built }
}

describe('a router whose second set of routes is built on first need', () => {
  it('answers a path of fixed segments from the first set without building the second', () => {
    const { find, built } = router()
    expect(find('GET', '/assets')?.target).toBe('assets')
    expect(built.count).toBe(0)
  })

  it('lets a fixed segment of the second set win over a parameter of the first, as one tree would', () => {
    const { find, built } = router()
    expect(find('GET', '/asset/pseudo')?.target).toBe('pseudo (501)')
    expect(find('GET', '/asset/a-1')).toEqual({ target: 'asset', pattern: '/asset/:asset', params: { asset: 'a-1' } })
    expect(find('GET', '/asset/a-1/activities')?.target).toBe('asset activities (501)')
    expect(find('GET', '/asset/a-1/formats')?.target).toBe('asset formats')
    expect(built.count).toBe(1)
  })

  it('finds a route only the second set has, and none where neither has one', () => {
    const { find } = router()
    expect(find('POST', '/assets/draft')?.target).toBe('draft (501)')
    expect(find('GET', '/nowhere')).toBeUndefined()
    expect(find('POST', '/assets')).toBeUndefined()
  })

  it('refuses a route of the second set that repeats one of the first, when it is built', () => {
    const layered = createLayeredRouter(FIRST, () => [{ method: 'GET', path: '/asset/:id', target: 'again' }])
    expect(() => layered.find('GET', '/asset/a-1')).toThrow(/routed twice/)
  })
})
