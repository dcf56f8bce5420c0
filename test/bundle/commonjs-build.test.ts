import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { setupMockServer as SetupMockServer } from '../../src/node/setup-mock-server.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<'import' | 'require', { types: string; default: string }>>
}
const requireFromRoot = createRequire(join(root, 'package.json'))
// The vitest entry stays ES modules only: vitest refuses require() itself.
const entries = Object.entries(manifest.exports).flatMap(([subpath, target]) =>
  typeof target === 'string' || subpath === './vitest' ? [] : [{ subpath, ...target }],
)
// msw/browser refuses Node on purpose (its `node` condition is null), so the browser entry is only looked at.
const loadable = entries.filter((entry) => entry.subpath !== './browser')

describe('the CommonJS build beside the ES modules', () => {
  it('gives every entry but ./vitest a require condition whose module and declarations are built', () => {
    expect(entries.map((entry) => entry.subpath)).toEqual(expect.arrayContaining(['.', './node', './server']))
    for (const entry of entries) {
      expect(entry.require, entry.subpath).toBeDefined()
      expect(existsSync(join(root, entry.require.default)), entry.require.default).toBe(true)
      expect(existsSync(join(root, entry.require.types)), entry.require.types).toBe(true)
    }
  })

  it('exports the same names through require() as through import, entry by entry', async () => {
    for (const entry of loadable) {
      const required = requireFromRoot(join(root, entry.require.default)) as object
      const imported = (await import(pathToFileURL(join(root, entry.import.default)).href)) as object
      expect(Object.keys(required).sort(), entry.subpath).toEqual(Object.keys(imported).sort())
    }
  })

  it('answers a request through setupMockServer() loaded with require()', async () => {
    const node = entries.find((entry) => entry.subpath === './node')!
    const { setupMockServer } = requireFromRoot(join(root, node.require.default)) as {
      setupMockServer: typeof SetupMockServer
    }
    const mock = setupMockServer({ baseUrl: 'http://localhost:39351' })
    await mock.listen()
    try {
      const response = await fetch(`${mock.baseUrl}/conversations/identifiers`)
      const body = (await response.json()) as { iterable: unknown[] }
      expect(body.iterable.length).toBeGreaterThan(0)
    } finally {
      mock.close()
    }
  })
})
