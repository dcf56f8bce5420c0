// The README's browser snippet, built by Vite as an app's main.ts: the production bundle holds no mock (the
// development-only branch and its dynamic import are dropped), while a development build of the same file does.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const app = join(root, `.tmp/vite-app-${process.pid}`)
// Text of the mock's browser entry and of MSW's worker client: either in a bundle means the mock ships.
const MOCK_MARKERS = ['Failed to start the browser mock', 'mockServiceWorker.js', 'conversationAssetMock']

/** The README's ```ts browser block that starts the mock. */
async function readmeSnippet(): Promise<string> {
  const readme = await readFile(join(root, 'README.md'), 'utf8')
  const blocks = [...readme.matchAll(/^```ts browser\n([\s\S]*?)^```$/gm)].map((match) => match[1]!)
  const snippet = blocks.find((block) => block.includes('startBrowserMock'))
  if (snippet === undefined) throw new Error('The README has no ```ts browser block that starts the mock.')
  return snippet
}

/**
 * Builds the app in a mode and answers the text of every file it wrote. NODE_ENV is the mode's for the build, as
 * under `vite build` (vitest sets it to `test`, which Vite would take for a development build).
 */
async function buildApp(mode: 'production' | 'development'): Promise<string> {
  const outDir = join(app, `dist-${mode}`)
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = mode
  try {
    await build({
      root: app,
      mode,
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: { 'conversation-asset-mock/browser': join(root, 'dist/esm/browser.js') } },
      build: { outDir, target: 'es2022', minify: false, emptyOutDir: true },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  const files = await readdir(outDir, { recursive: true, withFileTypes: true })
  const texts = await Promise.all(
    files.filter((file) => file.isFile()).map((file) => readFile(join(file.parentPath, file.name), 'utf8')),
  )
  return texts.join('\n')
}

describe("the README's development-only browser snippet, built with Vite", () => {
  afterAll(() => rm(app, { recursive: true, force: true }))

  it('leaves the mock out of the production bundle and in the development one', async () => {
    await mkdir(app, { recursive: true })
    await writeFile(join(app, 'index.html'), '<!doctype html><script type="module" src="/main.ts"></script>\n')
    await writeFile(join(app, 'main.ts'), `${await readmeSnippet()}document.title = 'app'\n`)
    const production = await buildApp('production')
    expect(production).toMatch(/document\.title = .app./)
    expect(MOCK_MARKERS.filter((marker) => production.includes(marker))).toEqual([])
    const development = await buildApp('development')
    expect(MOCK_MARKERS.filter((marker) => development.includes(marker))).toEqual(MOCK_MARKERS)
  }, 180_000)
})
