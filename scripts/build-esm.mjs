// Bundles the ES module entries of the package for a fast cold start: each entry of package.json's
// exports becomes one file under dist/esm/ (dist/esm/node.js, …), the code entries share split into
// chunks beside them, and what only some tests use (generators, persistence, …) stays behind its
// dynamic import, a chunk loaded on first use. A test file then reads a few files, not two hundred
// small modules. Zod is bundled in without its locales (the mock only speaks English; zod's index
// pulls in all forty of them); mock-socket as its ES module build (its package names only a UMD
// file, which Node would load through its CommonJS loader, tens of milliseconds at a cold start);
// rou3 and outvariant, two small packages, so Node resolves and loads two fewer. Every other
// dependency stays external, msw above all (a peer: the consumer's own instance). The per-module
// build in dist/ stays as tsc wrote it: the declarations,
// the CommonJS build (scripts/build-cjs.mjs) and the CLI use it. Part of `npm run build`, after tsc.
// Usage: node scripts/build-esm.mjs [--quiet]; with ESM_METAFILE=<file>, esbuild's metafile is written there too
// (what each bundle holds, to see what a cold start parses).
import { readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const out = join(dist, 'esm')
// The package's ES module entries, by the name of their bundle: dist/esm/<name>.js.
const ENTRIES = {
  index: 'index.js',
  msw: 'msw/index.js',
  node: 'node/index.js',
  browser: 'browser/index.js',
  server: 'server/index.js',
  playwright: 'playwright/index.js',
  vitest: 'vitest/index.js',
}
// Zod's modules that re-export its locales as a namespace: bundled without that line, so the locales stay out.
const ZOD_LOCALE_EXPORTERS = /[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/
const LOCALES_EXPORT = /^export \* as locales from .*$/m
// The package's own modules import zod as `import { z } from 'zod'`: a namespace object esbuild builds whole, every
// schema type and zod's JSON Schema conversion with it. Bundled as `import * as z from 'zod'` (the same exports,
// read by property only), esbuild keeps only what the mock's schemas use: about half of zod, parsed at each start.
const OWN_MODULE = new RegExp(`^${dist.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}[\\\\/].*\\.js$`)
const ZOD_IMPORT = /^import \{ z \} from 'zod';?$/m

// The generated tables of the official client's operations and models: plain data, read through the functions of
// LAZY_TABLES, which the bundles replace with JSON text parsed on their first call. V8 reads a JSON string several
// times faster than the same array as code (the operations table, 164 kB, cost about 10 ms of a cold start as code),
// and a string it never parses costs a cold start only its scan: parsing the tables at import cost about a tenth of
// the mock's import.
const LAZY_TABLES = {
  'routes/client-operation-table.js': {
    from: 'routes/client-operations.generated.js',
    exports: { clientOperationTable: 'clientOperations' },
  },
  'wire/client-model-tables.js': {
    from: 'wire/client-model-requirements.generated.js',
    exports: { clientModelTables: { models: 'clientModelTable', enums: 'clientEnumTable' } },
  },
}
const LAZY_TABLE = /[\\/]dist[\\/](routes[\\/]client-operation-table|wire[\\/]client-model-tables)\.js$/

// The inspector's own browser bundle (scripts/build-inspector.mjs, built after this one): loaded on first use
// from dist/inspector/, which is `../inspector/` from dist/esm/ as it is from dist/browser/.
const INSPECTOR = /(^|\/)inspector\/inspector\.js$/

// The small dependencies bundled in (each a file or package less for Node to resolve and load at a cold start).
const BUNDLED = /^(zod|rou3|outvariant)(\/|$)/
// mock-socket's ES module build, beside the UMD file its package.json names as main.
const MOCK_SOCKET_ESM = join(dirname(createRequire(import.meta.url).resolve('mock-socket')), 'mock-socket.es.mjs')

/** Bundles zod (without its locales), rou3, outvariant, mock-socket (its ES build) and the package's own modules; leaves every other import external. */
const dependencies = {
  name: 'dependencies',
  setup(builder) {
    builder.onResolve({ filter: INSPECTOR }, () => ({ path: '../inspector/inspector.js', external: true }))
    builder.onResolve({ filter: /^mock-socket$/ }, () => ({ path: MOCK_SOCKET_ESM }))
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || BUNDLED.test(args.path)) return undefined
      return { path: args.path, external: true }
    })
    builder.onLoad({ filter: ZOD_LOCALE_EXPORTERS }, async (args) => {
      const code = await readFile(args.path, 'utf8')
      if (!LOCALES_EXPORT.test(code)) {
        throw new Error(
          `Failed to bundle zod without its locales: ${args.path} no longer exports them as \`export * as locales\`. Update LOCALES_EXPORT in scripts/build-esm.mjs for this zod.`,
        )
      }
      return { contents: code.replace(LOCALES_EXPORT, ''), loader: 'js', resolveDir: dirname(args.path) }
    })
    builder.onLoad({ filter: LAZY_TABLE }, async (args) => ({ contents: await lazyTable(args.path), loader: 'js' }))
    builder.onLoad({ filter: OWN_MODULE }, async (args) => {
      const code = await readFile(args.path, 'utf8')
      if (!ZOD_IMPORT.test(code)) return undefined
      return {
        contents: code.replace(ZOD_IMPORT, "import * as z from 'zod';"),
        loader: 'js',
        resolveDir: dirname(args.path),
      }
    })
  },
}

/**
 * A table module of LAZY_TABLES as the bundles carry it: each function gives what the module's own function gives
 * (the generated table, or an object of them), parsed from JSON text on its first call and the same value ever after.
 * A list of records that all have the same keys gets back the keys JSON leaves out (those set to undefined), in their
 * order. Checked against the module itself: a table that JSON cannot carry exactly fails the build.
 */
async function lazyTable(file) {
  const relative = file.slice(dist.length + 1).replaceAll('\\', '/')
  const { from, exports } = LAZY_TABLES[relative]
  const own = await import(pathToFileURL(file).href)
  const generated = await import(pathToFileURL(join(dist, from)).href)
  const lines = []
  for (const [name, shape] of Object.entries(exports)) {
    // A function gives one table (its name) or an object of tables (key → name).
    const tables = typeof shape === 'string' ? undefined : Object.entries(shape)
    const value = tables
      ? `{ ${tables.map(([key, table]) => `${JSON.stringify(key)}: ${tableAsJson(generated[table], table, file)}`).join(', ')} }`
      : tableAsJson(generated[shape], shape, file)
    const expected = tables
      ? Object.fromEntries(tables.map(([key, table]) => [key, generated[table]]))
      : generated[shape]
    if (!isDeepStrictEqual(own[name](), expected)) {
      throw new Error(
        `Failed to bundle ${file}: ${name}() does not give the generated tables LAZY_TABLES names. Keep the two in step.`,
      )
    }
    lines.push(`let ${name}Value`, `export function ${name}() { return (${name}Value ??= ${value}) }`)
  }
  return lines.join('\n')
}

/** The expression that parses a table from its JSON text, checked to give back exactly the table. */
function tableAsJson(value, name, file) {
  const keys = sharedKeys(value)
  const parsed = JSON.parse(JSON.stringify(value))
  const restored = keys ? parsed.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]]))) : parsed
  if (typeof value !== 'object' || value === null || !isDeepStrictEqual(restored, value)) {
    throw new Error(
      `Failed to bundle ${file} as JSON: the table ${name} is not plain data. Keep the generated tables data only, or drop the file from LAZY_TABLES.`,
    )
  }
  const text = JSON.stringify(JSON.stringify(value))
  if (!keys) return `JSON.parse(${text})`
  const row = keys.map((key) => `${JSON.stringify(key)}: row[${JSON.stringify(key)}]`).join(', ')
  return `JSON.parse(${text}).map((row) => ({ ${row} }))`
}

/** The keys of every record of a list, when they all have the same keys in the same order. */
function sharedKeys(value) {
  if (!Array.isArray(value) || value.length === 0 || typeof value[0] !== 'object' || value[0] === null) return undefined
  const keys = Object.keys(value[0])
  const same = value.every((row) => typeof row === 'object' && row !== null && Object.keys(row).join() === keys.join())
  return same ? keys : undefined
}

await rm(out, { recursive: true, force: true })
const result = await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(dist, file)])),
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  // Neutral: the browser entry bundles too; Node's built-ins are imported as `node:…`, external like any package.
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  chunkNames: 'chunk-[hash]',
  // Less to parse at start-up; names are kept, so stack traces still read.
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [dependencies],
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
})

const locales = Object.keys(result.metafile.inputs).filter((input) => input.includes('zod/v4/locales/'))
if (locales.some((input) => !input.endsWith('/en.js'))) {
  console.error(`Failed to bundle zod without its locales: ${locales.join(', ')} came in. Check LOCALES_EXPORT.`)
  process.exit(1)
}
const bundled = Object.values(result.metafile.outputs).flatMap((output) =>
  Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])),
)
if (bundled.some((input) => input.endsWith('zod/v4/classic/from-json-schema.js'))) {
  console.error(
    "Failed to bundle zod by the parts the mock uses: its JSON Schema conversion came in. Import zod as `import { z } from 'zod'` (rewritten by ZOD_IMPORT) and read `z` by property only.",
  )
  process.exit(1)
}
if (process.env.ESM_METAFILE) await writeFile(process.env.ESM_METAFILE, JSON.stringify(result.metafile))
if (!process.argv.includes('--quiet')) {
  const outputs = Object.values(result.metafile.outputs)
  const bytes = outputs.reduce((sum, output) => sum + output.bytes, 0)
  console.log(`ES module bundles: dist/esm, ${outputs.length} files, ${(bytes / 1024).toFixed(0)} kB`)
}
