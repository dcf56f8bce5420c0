// Writes every generated file of the repository from its sources, in dependency order:
//
//   npm run generate                       all of them
//   node scripts/generate.mjs default-fixtures   only the named generators
//   node scripts/generate.mjs --check      writes nothing; lists the stale files and fails
//
// test/routes/generated-files.test.ts fails when any generated file is stale. To add a generator,
// write a module in scripts/generate/ whose function returns `[{ file, text }]` (paths relative to
// the repository) and add a row to GENERATORS after the generators whose outputs it reads.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import { clientEnums } from './generate/client-enums.mjs'
import { clientModelRequirements } from './generate/client-model-requirements.mjs'
import { clientModels } from './generate/client-models.mjs'
import { clientOperations } from './generate/client-operations.mjs'
import { coverageMap } from './generate/coverage-map.mjs'
import { defaultFixtures } from './generate/default-fixtures.mjs'
import { endpointTable } from './generate/endpoint-table.mjs'
import { loadSources } from './generate/load-sources.mjs'
import { serviceOperationIds } from './generate/service-operation-ids.mjs'
import { streamList } from './generate/stream-list.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Every generator, in the order they run: each reads only sources and the outputs of those above it. */
export const GENERATORS = [
  { name: 'default-fixtures', from: 'fixtures/default', generate: defaultFixtures },
  { name: 'client-operations', from: 'the official client (dist/apis)', generate: clientOperations },
  { name: 'client-models', from: 'the official client (dist/models)', generate: clientModels },
  {
    name: 'client-model-requirements',
    from: 'the official client (dist/models)',
    generate: clientModelRequirements,
  },
  { name: 'client-enums', from: 'the official client (dist/models)', generate: clientEnums },
  { name: 'service-operation-ids', from: 'the route table', generate: serviceOperationIds },
  { name: 'endpoint-table', from: 'the route table', generate: endpointTable },
  { name: 'coverage-map', from: 'the route table, the stream table, client-operations', generate: coverageMap },
  { name: 'stream-list', from: 'the stream table', generate: streamList },
]

function selected(names) {
  const unknown = names.filter((name) => !GENERATORS.some((generator) => generator.name === name))
  if (unknown.length > 0) {
    throw new Error(
      `Failed to generate: no generator is named ${unknown.join(', ')}. Name one of ${GENERATORS.map((generator) => generator.name).join(', ')}.`,
    )
  }
  return names.length === 0 ? GENERATORS : GENERATORS.filter((generator) => names.includes(generator.name))
}

const current = (file) => readFile(`${root}${file}`, 'utf8').catch(() => undefined)

/** The text as Prettier writes it (unless .prettierignore leaves the file alone), so `npm run format` changes nothing. */
async function formatted(file, text) {
  const path = `${root}${file}`
  const info = await prettier.getFileInfo(path, { ignorePath: `${root}.prettierignore` })
  if (info.ignored) return text
  return prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path })
}

/**
 * Runs the named generators (all when none is named) and writes what changed; with `check`,
 * writes nothing. Answers the files that were (or, with `check`, would be) rewritten.
 *
 * @example
 * const stale = await generate({ check: true }) // [] when every generated file is fresh
 */
export async function generate({ check = false, names = [] } = {}) {
  const changed = []
  // Sources are bundled once per set of modules, and again after a generator rewrote a file.
  let loaded = new Map()
  const load = (modules) => {
    const key = JSON.stringify(modules)
    if (!loaded.has(key)) loaded.set(key, loadSources(modules))
    return loaded.get(key)
  }
  for (const generator of selected(names)) {
    for (const output of await generator.generate({ root, loadSources: load })) {
      const { file } = output
      const text = await formatted(file, output.text)
      if ((await current(file)) === text) continue
      changed.push(file)
      if (check) continue
      await writeFile(`${root}${file}`, text)
      loaded = new Map()
    }
  }
  return changed
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const check = args.includes('--check')
  // --quiet: nothing printed when every file is up to date (the build's step).
  const quiet = args.includes('--quiet')
  const changed = await generate({ check, names: args.filter((arg) => !['--check', '--quiet'].includes(arg)) })
  if (check && changed.length > 0) {
    console.error(`Stale generated files: ${changed.join(', ')}. Run \`npm run generate\`.`)
    process.exitCode = 1
  } else if (changed.length > 0 || !quiet) {
    console.log(changed.length === 0 ? 'Generated files are up to date.' : `Rewrote ${changed.join(', ')}.`)
  }
}
