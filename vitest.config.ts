import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The browser and Playwright suites have their own config and commands (npm run test:browser, test:playwright).
    exclude: ['test/browser/**', 'test/playwright/**', '**/node_modules/**'],
    // The contract suites start real HTTP servers and MSW interceptors; keep
    // each file in its own worker so interceptors never meet.
    pool: 'forks',
    testTimeout: 20_000,
  },
})
