import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'

const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8')
const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!)
const VITEST_GLOBALS = ['describe', 'it', 'test', 'expect', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach']

describe('the README', () => {
  it('imports from vitest every test function its snippets call, so they run without globals', () => {
    const missing = snippets.flatMap((snippet, index) => {
      const imported = new Set(
        /import \{([^}]*)\} from 'vitest'/
          .exec(snippet)?.[1]
          ?.split(',')
          .map((name) => name.trim()) ?? [],
      )
      // A call, not a method of that name (Storybook's `async beforeEach() {}`).
      return VITEST_GLOBALS.filter((name) => new RegExp(`(^|[^.\\w])(?<!async )${name}\\(`, 'm').test(snippet))
        .filter((name) => !imported.has(name))
        .map((name) => `snippet ${index + 1}: ${name}`)
    })
    expect(missing).toEqual([])
  })

  it('gives the official client a basePath wherever it makes a Configuration', () => {
    const configurations = [...readme.matchAll(/new Configuration\(([^)]*)\)/g)].map((match) => match[1]!)
    expect(configurations.length).toBeGreaterThan(0)
    expect(configurations.filter((options) => !options.includes('basePath'))).toEqual([])
  })

  it('says how to install from a packed tarball, and how to stop a server started in the background', () => {
    expect(readme).toContain('npm pack')
    expect(readme).toMatch(/npm i -D \S*conversation-asset-mock-\d+\.\d+\.\d+\.tgz/)
    expect(readme).toContain('./node_modules/.bin/conversation-asset-mock')
  })

  it('says reset() goes back to the current scenario, not always the fixtures', () => {
    expect(readme).toMatch(/`reset\(\)` \| back to the current scenario[^|]*not always the fixtures/)
  })
})
