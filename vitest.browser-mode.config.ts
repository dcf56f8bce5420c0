import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

// vitest's browser mode (docs/test-runners.md), run by `npm run test:browser` on Debian's Chromium: the test files
// run in the page, and the mock in them through MSW's service worker, whose script is served from the public
// directory as `npx msw init public` would put it.
const publicDir = fileURLToPath(new URL('.tmp/browser-mode-public/', import.meta.url))
mkdirSync(publicDir, { recursive: true })
copyFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), `${publicDir}/mockServiceWorker.js`)

export default defineConfig({
  publicDir,
  // Vite's dependency optimizer reports each scan; a passing run prints only the results.
  logLevel: 'warn',
  // The package as an app gets it, built (dist/), not src/.
  resolve: {
    alias: { 'conversation-asset-mock/browser': fileURLToPath(new URL('dist/esm/browser.js', import.meta.url)) },
  },
  test: {
    include: ['test/browser-mode/**/*.test.ts'],
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
