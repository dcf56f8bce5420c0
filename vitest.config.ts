import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * The suites whose subject is the build, run against dist/ (`npm run build` first): the bundles and the packed
 * files, the package as a consumer imports it, the CLI's binary (dist/cli/main.js) and the built inspector script
 * the standalone server serves from beside its own module. Everything else is the `src` project.
 */
const DIST_SUITES = [
  'test/bundle/**/*.test.ts',
  'test/consumer/**/*.test.ts',
  'test/cli/**/*.test.ts',
  // Files elsewhere that start dist/cli/main.js (directly, or through test/cli/cli-process.ts or
  // test/persistence/persist-cli.ts).
  'test/inspector/fixture-zip.test.ts',
  'test/persistence/full-disk.test.ts',
  'test/persistence/kill-nine.test.ts',
  'test/persistence/persist-lock-cli.test.ts',
  'test/persistence/removed-persist-directory.test.ts',
  'test/persistence/state-file-at-budget.test.ts',
  'test/reliability/persistence-faults.test.ts',
  'test/reliability/shutdown.test.ts',
  'test/reliability/store-budget.test.ts',
  'test/reliability/one-budget-sessions.test.ts',
  // Fetches /__mock/ui/inspector.js, which the server reads from dist/inspector/.
  'test/control/inspector-routes.test.ts',
]

/**
 * The package's name and subpaths, each to its source: `conversation-asset-mock/msw` to src/msw/index.ts, read
 * from package.json's exports map (an entry's types, dist/msw/index.d.ts, are built from that file).
 */
function packageToSource() {
  const { name, exports } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
    name: string
    exports: Record<string, string | { types?: string; import?: { types: string } }>
  }
  return Object.entries(exports).flatMap(([subpath, target]) => {
    const types = typeof target === 'string' ? undefined : (target.import?.types ?? target.types)
    if (types === undefined) return []
    const source = types.replace(/^\.\/dist\//, './src/').replace(/\.d\.ts$/, '.ts')
    const specifier = `${name}${subpath.slice(1)}`
    return [{ find: new RegExp(`^${specifier}$`), replacement: fileURLToPath(new URL(source, import.meta.url)) }]
  })
}

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        // The package's name resolves to src/: editing a file and running its test tests the edit, without a build.
        resolve: { alias: packageToSource() },
        test: {
          name: 'src',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // The browser and Playwright suites have their own configs and commands (npm run test:browser, test:playwright).
          exclude: [
            'test/browser/**',
            'test/browser-mode/**',
            'test/playwright/**',
            '**/node_modules/**',
            ...DIST_SUITES,
          ],
        },
      },
      {
        extends: true,
        test: { name: 'dist', include: DIST_SUITES },
      },
    ],
  },
})
