import { describe, expect, it } from 'vitest'
import { createRouteMemo } from '../../src/core/route-memo.js'

/** A finder that routes every path under /asset/ and counts how often it is asked. */
function countingFinder() {
  const asked: string[] = []
  const find = (method: string, path: string) => () => {
    asked.push(`${method} ${path}`)
    return path.startsWith('/asset/') ? { operation: 'assetSnapshot', params: { asset: path.slice(7) } } : undefined
  }
  return { asked, find }
}

describe('the route memo', () => {
  it('walks the route tree once for a path and answers every later request to it from the memo', () => {
    const memo = createRouteMemo<object>()
    const { asked, find } = countingFinder()
    const first = memo.route('GET', '/asset/a', find('GET', '/asset/a'))
    const again = memo.route('GET', '/asset/a', find('GET', '/asset/a'))
    expect(again).toBe(first)
    expect(first).toEqual({ operation: 'assetSnapshot', params: { asset: 'a' } })
    expect(asked).toEqual(['GET /asset/a'])
  })

  it('keeps the routes of different methods on one path apart', () => {
    const memo = createRouteMemo<object>()
    const { asked, find } = countingFinder()
    memo.route('GET', '/asset/a', find('GET', '/asset/a'))
    memo.route('HEAD', '/asset/a', find('HEAD', '/asset/a'))
    expect(asked).toEqual(['GET /asset/a', 'HEAD /asset/a'])
  })

  it('hands out frozen routes, so no request can change the route the next one gets', () => {
    const memo = createRouteMemo<object>()
    const route = memo.route('GET', '/asset/a', countingFinder().find('GET', '/asset/a'))
    expect(Object.isFrozen(route)).toBe(true)
  })

  it('asks again for a path with no route instead of keeping it', () => {
    const memo = createRouteMemo<object>()
    const { asked, find } = countingFinder()
    expect(memo.route('GET', '/nowhere', find('GET', '/nowhere'))).toBeUndefined()
    expect(memo.route('GET', '/nowhere', find('GET', '/nowhere'))).toBeUndefined()
    expect(asked).toHaveLength(2)
  })

  it('routes a path longer than 256 characters each time without keeping it', () => {
    const memo = createRouteMemo<object>()
    const { asked, find } = countingFinder()
    const long = `/asset/${'x'.repeat(300)}`
    memo.route('GET', long, find('GET', long))
    memo.route('GET', long, find('GET', long))
    expect(asked).toHaveLength(2)
  })

  it('starts afresh once it holds 1,024 routes, and still routes every path right', () => {
    const memo = createRouteMemo<object>()
    const { asked, find } = countingFinder()
    for (let i = 0; i <= 1024; i++) memo.route('GET', `/asset/${i}`, find('GET', `/asset/${i}`))
    // The 1,025th route cleared the memo: the first path is walked again, the newest is still kept.
    expect(memo.route('GET', '/asset/0', find('GET', '/asset/0'))).toEqual({
      operation: 'assetSnapshot',
      params: { asset: '0' },
    })
    memo.route('GET', '/asset/1024', find('GET', '/asset/1024'))
    expect(asked).toHaveLength(1026)
  })
})
