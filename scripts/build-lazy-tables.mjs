// The generated tables of the official client's operations and models, as the ES module bundles carry them
// (decisions/0016-nothing-built-at-import.md): a rolldown plugin for tsdown.config.mjs that loads each module of
// LAZY_TABLES as functions giving its tables from JSON text, parsed on their first call and the same value ever
// after. V8 reads a JSON string several times faster than the same array as code (the operations table, 164 kB,
// cost about 10 ms of a cold start as code), and a string it never parses costs a cold start only its scan.
// Checked against tsc's build of the module (dist/, built first): a table JSON cannot carry exactly fails the build.
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isDeepStrictEqual } from 'node:util'

const dist = fileURLToPath(new URL('../dist', import.meta.url))

// Each table module (under src/) by the generated module its functions read and the tables each function gives.
const LAZY_TABLES = {
  'routes/client-operation-table': {
    from: 'routes/client-operations.generated.js',
    exports: { clientOperationTable: 'clientOperations' },
  },
  'wire/client-models/client-model-tables': {
    from: 'wire/client-models/client-model-requirements.generated.js',
    exports: { clientModelTables: { models: 'clientModelTable', enums: 'clientEnumTable' } },
  },
}
const LAZY_TABLE =
  /[\\/]src[\\/](routes[\\/]client-operation-table|wire[\\/]client-models[\\/]client-model-tables)\.ts$/

/**
 * The plugin: each module of LAZY_TABLES loaded as its functions over JSON text.
 *
 * @example
 * defineConfig({ entry: 'src/index.ts', plugins: [lazyTables()] })
 */
export function lazyTables() {
  return {
    name: 'lazy-tables',
    async load(id) {
      const match = LAZY_TABLE.exec(id)
      if (!match) return undefined
      return { code: await lazyTable(match[1].replaceAll('\\', '/')), moduleType: 'js' }
    },
  }
}

/**
 * A table module as the bundles carry it: each function gives what the module's own function gives (the
 * generated table, or an object of them). A list of records that all have the same keys gets back the keys JSON
 * leaves out (those set to undefined), in their order.
 */
async function lazyTable(module) {
  const { from, exports } = LAZY_TABLES[module]
  const own = await import(pathToFileURL(join(dist, `${module}.js`)).href)
  const generated = await import(pathToFileURL(join(dist, from)).href)
  const lines = []
  for (const [name, shape] of Object.entries(exports)) {
    // A function gives one table (its name) or an object of tables (key → name).
    const tables = typeof shape === 'string' ? undefined : Object.entries(shape)
    const value = tables
      ? `{ ${tables.map(([key, table]) => `${JSON.stringify(key)}: ${tableAsJson(generated[table], table, module)}`).join(', ')} }`
      : tableAsJson(generated[shape], shape, module)
    const expected = tables
      ? Object.fromEntries(tables.map(([key, table]) => [key, generated[table]]))
      : generated[shape]
    if (!isDeepStrictEqual(own[name](), expected)) {
      throw new Error(
        `Failed to bundle src/${module}.ts: ${name}() does not give the generated tables LAZY_TABLES names. Keep the two in step in scripts/build-lazy-tables.mjs.`,
      )
    }
    lines.push(`let ${name}Value`, `export function ${name}() { return (${name}Value ??= ${value}) }`)
  }
  return lines.join('\n')
}

/** The expression that parses a table from its JSON text, checked to give back exactly the table. */
function tableAsJson(value, name, module) {
  const keys = sharedKeys(value)
  const parsed = JSON.parse(JSON.stringify(value))
  const restored = keys ? parsed.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]]))) : parsed
  if (typeof value !== 'object' || value === null || !isDeepStrictEqual(restored, value)) {
    throw new Error(
      `Failed to bundle src/${module}.ts as JSON: the table ${name} is not plain data. Keep the generated tables data only, or drop the module from LAZY_TABLES.`,
    )
  }
  // Apostrophes as JSON's \u0027: the minifier then quotes the text with '…', as it does text without them.
  const text = JSON.stringify(JSON.stringify(value).replaceAll("'", '\\u0027'))
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
