import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The browser suite has its own config and command (npm run test:browser).
    exclude: ['test/browser/**', '**/node_modules/**'],
    // The contract suites start real HTTP servers and MSW interceptors; keep
    // each file in its own worker so interceptors never meet.
    pool: 'forks',
    testTimeout: 20_000,
  },
})
