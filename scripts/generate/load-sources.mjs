// Loads TypeScript modules of src/ in a plain Node process, without a build:
// esbuild bundles them (dependencies left to node_modules) into a module under
// node_modules/.cache, which is then imported. Generators read the route table,
// the client coverage and the stream table this way, so what they write never
// lags behind the sources.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../..', import.meta.url))
const cache = `${root}node_modules/.cache/conversation-asset-mock`

let loads = 0

/**
 * Imports the named exports of TypeScript files of the repository, fresh from
 * the sources on every call (files written by an earlier generator included).
 *
 * @example
 * const { routeTable } = await loadSources({ 'src/routes/route-table.ts': ['routeTable'] })
 */
export async function loadSources(modules) {
  const contents = Object.entries(modules)
    .map(([file, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(`./${file}`)}`)
    .join('\n')
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'generate-entry.ts', loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  })
  await mkdir(cache, { recursive: true })
  const file = `${cache}/sources-${process.pid}-${++loads}.mjs`
  await writeFile(file, result.outputFiles[0].text)
  try {
    return await import(pathToFileURL(file).href)
  } finally {
    await rm(file, { force: true })
  }
}
