import { createServer } from 'node:http'
import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export interface TestPage {
  readonly url: string
  close(): Promise<void>
}

const here = fileURLToPath(new URL('.', import.meta.url))
const tmpDir = fileURLToPath(new URL('../../.tmp/', import.meta.url))
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
}

/**
 * Bundles the test page for the browser (failing if anything from Node leaks
 * into the browser entry) with code splitting, as an app's bundler does, so
 * what the mock imports on demand (the inspector) is a chunk of its own; adds
 * MSW's worker script as `npx msw init` would, and serves the folder on 127.0.0.1.
 */
export async function buildTestPage(): Promise<TestPage> {
  // A folder of its own: test files build their pages side by side.
  const outDir = join(tmpDir, `browser-page-${randomUUID()}`)
  await mkdir(outDir, { recursive: true })
  await build({
    entryPoints: [join(here, 'page/main.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outdir: outDir,
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    logLevel: 'silent',
    conditions: ['browser'],
    // The page imports the package as an app does (its exports map, dist/), not through tsconfig.json's
    // `paths`, which point the tests' typecheck at src/.
    tsconfigRaw: {},
  })
  await copyFile(join(here, 'page/index.html'), join(outDir, 'index.html'))
  const require = createRequire(import.meta.url)
  await copyFile(
    join(require.resolve('msw/package.json'), '../lib/mockServiceWorker.js'),
    join(outDir, 'mockServiceWorker.js'),
  )
  const site = await serveDirectory(outDir)
  return { url: site.url, close: () => site.close().finally(() => rm(outDir, { recursive: true, force: true })) }
}

/** Serves a folder of static files on 127.0.0.1 (a free port). */
export async function serveDirectory(root: string): Promise<TestPage> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    try {
      const body = await readFile(join(root, decodeURIComponent(path).replace(/^\/+/, '') || 'index.html'))
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
