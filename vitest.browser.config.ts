import { defineConfig } from 'vitest/config'

// `npm run test:browser`: drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts', 'test/playwright/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
