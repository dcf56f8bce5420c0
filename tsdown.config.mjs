// The package's bundles, built after tsc (which writes dist/: a module and its declarations per file of src/) and
// before scripts/build-cjs.mjs (the CommonJS copy of tsc's modules). `npm run build` runs all three.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig } from 'tsdown'
import { lazyTables } from './scripts/build-lazy-tables.mjs'

const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'))

/** The ES module bundle of each `import` condition of `exports`: dist/esm/<name>.js from src/<name>/index.ts. */
function esmEntries() {
  const entries = {}
  for (const target of Object.values(manifest.exports)) {
    const file = typeof target === 'string' ? target : (target.import?.default ?? target.default)
    const name = /^\.\/dist\/esm\/(.+)\.js$/.exec(file)?.[1]
    if (name) entries[name] = name === 'index' ? 'src/index.ts' : `src/${name}/index.ts`
  }
  return entries
}

// The small dependencies the ES module bundles carry (each a package less for Node to resolve and load at a cold
// start); every other one stays external, msw above all (a peer: the consumer's own instance).
const BUNDLED = /^(zod|rou3|outvariant|mock-socket)(\/|$)/
// The inspector's script (built below) is loaded on first use from dist/inspector/, `../inspector/` from dist/esm/.
const INSPECTOR = /(^|\/)inspector\/inspector\.js$/
// mock-socket's ES module build, beside the UMD file its package.json names as main (Node would load that through
// its CommonJS loader, tens of milliseconds at a cold start).
const MOCK_SOCKET_ESM = join(dirname(createRequire(import.meta.url).resolve('mock-socket')), 'mock-socket.es.mjs')
// The inspector reaches only its own files, Preact, fflate and two modules of constants: anything else of the
// package would be a second copy of it.
const INSPECTOR_SHARED = ['src/seeding/fixture-files.ts', 'src/persistence/persisted-format.ts']
// No warning that a plugin took long: on a loaded machine it fires at random, and a passing build prints nothing.
const QUIET_CHECKS = { checks: { pluginTimings: false } }
// Spaces and comments dropped, which halves what is parsed; names kept, so stack traces read as in the sources.
const KEEP_NAMES = { compress: true, mangle: false, codegen: { removeWhitespace: true } }

/** Keeps the import of the inspector's script as written: `../inspector/inspector.js` from dist/esm/ too. */
const inspectorBeside = {
  name: 'inspector-beside',
  resolveId(source) {
    return INSPECTOR.test(source) ? { id: '../inspector/inspector.js', external: 'absolute' } : undefined
  },
}

/** Fails the inspector's build when it reaches a file of the package outside src/inspector/ (or INSPECTOR_SHARED). */
const inspectorAlone = {
  name: 'inspector-alone',
  buildEnd() {
    const root = dirname(new URL(import.meta.url).pathname) + '/'
    const foreign = [...this.getModuleIds()]
      .map((id) => id.replace(root, ''))
      .filter((id) => id.startsWith('src/') && !id.startsWith('src/inspector/') && !INSPECTOR_SHARED.includes(id))
    if (foreign.length > 0) {
      this.error(
        `Failed to build the inspector: it reaches ${foreign.join(', ')}. Import only types from outside src/inspector.`,
      )
    }
  },
}

// The module `serve` (the CLI's default command) starts from, by its path under src/.
const SERVE_COMMAND = /[\\/]src[\\/]cli[\\/]serve-command\.ts$/

/**
 * Finds every module `serve` imports statically (what a start loads before its first answer), for the `serve`
 * group below: one chunk instead of some thirty that rolldown would split them into by which command or lazy
 * family also imports each. A start then resolves, reads and links three files, not thirty-one.
 */
const serveStart = {
  name: 'serve-start',
  modules: new Set(),
  buildEnd() {
    const start = [...this.getModuleIds()].find((id) => SERVE_COMMAND.test(id))
    const seen = new Set()
    const todo = start ? [start] : []
    while (todo.length > 0) {
      const id = todo.pop()
      if (seen.has(id)) continue
      seen.add(id)
      todo.push(...(this.getModuleInfo(id)?.importedIds ?? []))
    }
    serveStart.modules = seen
  },
}

export default defineConfig([
  {
    name: 'esm',
    entry: esmEntries(),
    outDir: 'dist/esm',
    format: 'esm',
    // Neutral: the browser entry bundles too; Node's built-ins are imported as `node:…`, external like any package.
    platform: 'neutral',
    target: 'es2022',
    inputOptions: { ...QUIET_CHECKS, resolve: { mainFields: ['module', 'main'] } },
    alias: { 'mock-socket': MOCK_SOCKET_ESM },
    deps: {
      neverBundle: (id) => /^[^./]/.test(id) && !BUNDLED.test(id),
      alwaysBundle: [BUNDLED],
      onlyBundle: false,
    },
    minify: KEEP_NAMES,
    outputOptions: { chunkFileNames: 'chunk-[hash].js' },
    plugins: [inspectorBeside, lazyTables()],
    dts: false,
    fixedExtension: false,
  },
  {
    // The CLI's commands and everything they import, dependencies included, as CommonJS: dist/cli/commands.cjs and
    // chunks beside it (so paths built from import.meta.url, ../inspector/inspector.js, point where tsc's modules
    // do), which dist/cli/main.js requires. The bin reads a handful of files instead of some 300 modules, and V8's
    // code for them is kept between starts (src/cli/install-code-cache.ts). What only the fixtures command and
    // generated scenarios load (faker) stays a dependency, read when they run.
    name: 'cli',
    entry: { commands: 'src/cli/commands.ts' },
    outDir: 'dist/cli',
    // Only this build's files: tsc's modules and declarations live in dist/cli too.
    clean: ['dist/cli/chunk-*.cjs', 'dist/cli/commands.cjs'],
    format: 'cjs',
    // CommonJS on purpose (decisions/0034-cli-code-cache.md): no advice to use ES modules on every build.
    checks: { legacyCjs: false },
    platform: 'node',
    target: 'node20.19',
    deps: { neverBundle: ['@faker-js/faker'], alwaysBundle: [/^(?!@faker-js\/faker)/], onlyBundle: false },
    minify: KEEP_NAMES,
    inputOptions: QUIET_CHECKS,
    outputOptions: {
      entryFileNames: '[name].cjs',
      // The hash of a chunk's content in its name: the code cache keeps only files so named.
      chunkFileNames: 'chunk-[name]-[hash].cjs',
      // A built-in or a dependency imported on first use is required then: Node 20 loses the `import()` callback of
      // code it runs from a kept entry (the fixtures command's node:crypto would fail on its second run).
      dynamicImportInCjs: false,
      // What `serve` loads before its first answer in one chunk (the other commands load it too, a command at a time).
      codeSplitting: { groups: [{ name: 'serve', test: (id) => serveStart.modules.has(id) }] },
    },
    // The client's operation and model tables as JSON text, parsed on first use, as in the ES module build: the
    // first answer needs neither (about 250 kB of code a start would otherwise compile and run).
    plugins: [lazyTables(), serveStart],
    dts: false,
    fixedExtension: false,
  },
  {
    // The bin, dist/cli/main.js: an ES module (the package's type) that installs the code cache and requires the
    // commands' CommonJS build above (`./commands.cjs`, which the bundler does not follow).
    name: 'cli-main',
    entry: { main: 'src/cli/main.ts' },
    outDir: 'dist/cli',
    clean: false,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    minify: KEEP_NAMES,
    inputOptions: QUIET_CHECKS,
    dts: false,
    fixedExtension: false,
  },
  {
    // The inspector (Preact included): one minified ES module that the standalone server serves at
    // /__mock/ui/inspector.js and the browser entry imports on demand.
    name: 'inspector',
    entry: { inspector: 'src/inspector/main.tsx' },
    outDir: 'dist/inspector',
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox111', 'safari16.4'],
    minify: true,
    deps: { onlyBundle: ['preact', 'fflate'] },
    inputOptions: QUIET_CHECKS,
    plugins: [inspectorAlone],
    dts: false,
    fixedExtension: false,
  },
])
