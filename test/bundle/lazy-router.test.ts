import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Rou3 from 'rou3'
import type { MockServer } from '../../src/node/index.js'

/** The routes added to a rou3 radix tree since the count was last cleared. */
const added = { routes: 0 }

vi.mock('rou3', async (importOriginal) => {
  const rou3 = await importOriginal<typeof Rou3>()
  const addRoute: typeof rou3.addRoute = (...args) => {
    added.routes++
    rou3.addRoute(...args)
  }
  return { ...rou3, addRoute }
})

// Test files may share a module registry: the router's modules are imported afresh.
beforeEach(() => vi.resetModules())

describe('the route tree a cold start does not build', () => {
  let mock: MockServer | undefined
  afterEach(() => mock?.close())

  it('answers a first GET of a fixed path without a radix tree, and builds it for the first path with a parameter', async () => {
    const { setupMockServer } = await import('../../src/node/index.js')
    mock = setupMockServer()
    await mock.listen()
    added.routes = 0
    const listed = await fetch(`${mock.baseUrl}/assets/`)
    expect(listed.status).toBe(200)
    const { iterable } = (await listed.json()) as { iterable: Array<{ id: string }> }
    expect(added.routes).toBe(0)

    const one = await fetch(`${mock.baseUrl}/asset/${iterable[0]!.id}`)
    expect(one.status).toBe(200)
    expect(((await one.json()) as { id: string }).id).toBe(iterable[0]!.id)
    expect(added.routes).toBeGreaterThan(100)
  })
})
