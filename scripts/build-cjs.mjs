// Builds the CommonJS copy of the package beside its ES modules, for `require()` (Jest's default
// mode, ts-jest, babel-jest): every compiled module of dist/ becomes one CommonJS module under
// dist/cjs/ (same layout, so module identity and lazy loading stay as they are), with its
// declarations copied beside it. The few dependencies that ship ES modules only are bundled once
// each into dist/cjs/vendor/, keeping only the names the package imports; every other dependency
// stays external. Part of `npm run build`, after tsc; prints the size it adds.
// Usage: node scripts/build-cjs.mjs [--quiet]
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const out = join(dist, 'cjs')
// Not built: the CLI is an ES module bin, the inspector a browser bundle the server serves as a file,
// the vitest entry runs only under vitest, which refuses require() (as vitest does), and esm/ holds
// the ES module bundles (tsdown.config.mjs).
const SKIPPED = new Set(['cjs', 'cli', 'esm', 'inspector', 'vitest'])
// Dependencies that ship ES modules only: bundled into dist/cjs/vendor/<name>.js.
const VENDORED = ['@msw/data', '@faker-js/faker', 'rou3']

/** The files under `dir` whose name ends with `suffix`, outside the SKIPPED folders of dist/. */
async function filesUnder(dir, suffix) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => dir !== dist || !SKIPPED.has(relative(dist, file).split('/')[0]))
}

const vendorFile = (name) => join(out, 'vendor', `${name.replace(/^@/, '').replace('/', '-')}.js`)
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** The names each vendored package is imported by (`*` for a namespace or dynamic import). */
async function importedNames(files) {
  const names = new Map(VENDORED.map((name) => [name, new Set()]))
  for (const file of files) {
    const code = await readFile(file, 'utf8')
    for (const name of VENDORED) {
      const quoted = `'${name.replace(/[/.]/g, '\\$&')}'`
      if (!code.includes(`'${name}'`)) continue
      const named = new RegExp(`(?:import|export)\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g')
      for (const match of code.matchAll(named)) {
        for (const part of match[1].split(',')) {
          const imported = part.trim().split(/\s+as\s+/)[0]
          if (imported) names.get(name).add(imported)
        }
      }
      const other = new RegExp(`(?:import\\s*\\*|import\\s+\\w+\\s*(?:,|from)|import\\()\\s*[^;]*${quoted}`)
      if (other.test(code)) names.get(name).add('*')
    }
  }
  return names
}

async function buildVendor(names) {
  for (const [name, used] of names) {
    if (used.size === 0) continue
    const source = used.has('*') ? `export * from '${name}'` : `export { ${[...used].join(', ')} } from '${name}'`
    await build({
      absWorkingDir: root,
      stdin: { contents: source, resolveDir: root, loader: 'js' },
      outfile: vendorFile(name),
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      legalComments: 'none',
      logLevel: 'warning',
    })
  }
}

/** Keeps every import external; a vendored package's becomes the path of its bundle. */
const externals = {
  name: 'externals',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined
      if (!VENDORED.includes(packageOf(args.path))) return { path: args.path, external: true }
      const from = join(out, relative(dist, dirname(args.importer)))
      const path = relative(from, vendorFile(packageOf(args.path)))
      return { path: path.startsWith('.') ? path : `./${path}`, external: true }
    })
    // A CommonJS module knows its own file: `import.meta.url` becomes that file's URL.
    builder.onLoad({ filter: /\.js$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8')
      if (!code.includes('import.meta.url')) return undefined
      return {
        contents: code.replaceAll('import.meta.url', `require('node:url').pathToFileURL(__filename).href`),
        loader: 'js',
      }
    })
  },
}

/** Fails when a CommonJS module requires a dependency that `require()` cannot load. */
async function assertRequirable(files) {
  const problems = new Set()
  for (const file of files) {
    const code = await readFile(file, 'utf8')
    for (const [, specifier] of code.matchAll(/require\("([^".][^"]*)"\)/g)) {
      if (specifier.startsWith('node:')) continue
      if (await isEsmOnly(specifier)) problems.add(packageOf(specifier))
    }
  }
  if (problems.size > 0) {
    console.error(
      `Failed to build the CommonJS modules: ${[...problems].join(', ')} ship ES modules only, so require() cannot load them. Add them to VENDORED in scripts/build-cjs.mjs.`,
    )
    process.exit(1)
  }
}

/** Whether Jest's `require()` (conditions require, node, default; no module-sync) meets an ES module. */
async function isEsmOnly(specifier) {
  const name = packageOf(specifier)
  const dir = join(root, 'node_modules', name)
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  const subpath = `.${specifier.slice(name.length)}`
  const target = manifest.exports
    ? conditional(
        typeof manifest.exports === 'string'
          ? manifest.exports
          : (manifest.exports[subpath] ?? patternTarget(manifest.exports, subpath) ?? manifest.exports),
      )
    : subpath === '.'
      ? (manifest.main ?? 'index.js')
      : subpath
  // null: the package keeps that entry from Node on purpose (msw/browser), as the entry requiring it is.
  if (target === null) return false
  if (typeof target !== 'string') return true
  if (target.endsWith('.mjs')) return true
  if (target.endsWith('.cjs')) return false
  return (await moduleType(dir, dirname(join(dir, target)))) === 'module'
}

/** The target of a subpath pattern of `exports` (`"./*": { require: "./dist/cjs/*" }`) for a subpath, with `*` filled in. */
function patternTarget(exports, subpath) {
  for (const [key, value] of Object.entries(exports)) {
    const star = key.indexOf('*')
    if (star === -1) continue
    const [before, after] = [key.slice(0, star), key.slice(star + 1)]
    if (!subpath.startsWith(before) || !subpath.endsWith(after)) continue
    const filled = subpath.slice(before.length, subpath.length - after.length)
    return JSON.parse(JSON.stringify(value).replaceAll('*', filled))
  }
  return undefined
}

/** The module type of files in `dir`: the `type` of the nearest package.json up to the package's own. */
async function moduleType(packageDir, dir) {
  for (let current = dir; ; current = dirname(current)) {
    try {
      return JSON.parse(await readFile(join(current, 'package.json'), 'utf8')).type ?? 'commonjs'
    } catch {
      if (current === packageDir || current === dirname(current)) return 'commonjs'
    }
  }
}

function conditional(value) {
  if (typeof value === 'string' || value === null) return value
  for (const [key, next] of Object.entries(value)) {
    if (['require', 'node', 'default'].includes(key)) return conditional(next)
  }
  return undefined
}

await rm(out, { recursive: true, force: true })
const modules = await filesUnder(dist, '.js')
await build({
  absWorkingDir: root,
  entryPoints: modules,
  outdir: out,
  outbase: dist,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // `import()` becomes `require()`: Jest's CommonJS mode cannot run a dynamic import.
  supported: { 'dynamic-import': false },
  plugins: [externals],
  legalComments: 'none',
  logLevel: 'warning',
})
await buildVendor(await importedNames(modules))
for (const declaration of await filesUnder(dist, '.d.ts')) {
  const target = join(out, relative(dist, declaration))
  await mkdir(dirname(target), { recursive: true })
  await cp(declaration, target)
}
// The folder's own manifest makes its .js files CommonJS and its .d.ts files CommonJS declarations.
await writeFile(join(out, 'package.json'), '{\n  "type": "commonjs"\n}\n')
await assertRequirable(await filesUnder(out, '.js'))

if (!process.argv.includes('--quiet')) {
  const files = await readdir(out, { recursive: true, withFileTypes: true })
  let bytes = 0
  for (const file of files) if (file.isFile()) bytes += (await stat(join(file.parentPath, file.name))).size
  console.log(`CommonJS build: dist/cjs, ${(bytes / 1024).toFixed(0)} kB (vendored: ${VENDORED.join(', ')})`)
}
