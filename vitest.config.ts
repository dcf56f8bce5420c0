import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The browser and Playwright suites have their own config and commands (npm run test:browser, test:playwright).
    exclude: ['test/browser/**', 'test/playwright/**', '**/node_modules/**'],
    // Files run in forked workers, and one after another within a worker
    // without a fresh module graph each (isolate: false): every file closes
    // the servers and interceptors it starts, and re-importing msw, @msw/data
    // and the client per file was most of the suite's time.
    pool: 'forks',
    isolate: false,
    // Two workers at least, even on two cores (where one is the default): most files wait on servers
    // they spawned and on sockets, and the suite takes about 80 s instead of 135 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    // Fails a file that leaves a fetched answer unread (see the file).
    setupFiles: ['./test/support/unread-answers.ts'],
  },
})
