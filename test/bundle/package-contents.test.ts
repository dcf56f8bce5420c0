// What the package ships and how each of its entries resolves, held to test/bundle/package-contents.json.
//
// The packed files are the modules tsc writes (one .js and one .d.ts per module of src/, and the same
// pair under dist/cjs/), which the test derives from src/ so that a new module needs no edit here, and
// everything else, listed in the expectation: the ES module bundles, the CLI, the inspector script, the
// vendored CommonJS dependencies, the fixtures. A bundle's chunks are listed by their count, their names
// being hashes. Every subpath of `exports` is resolved from a scratch consumer under each condition
// (import, require, and the types of each) and loaded, and both give the same names.
// After a reviewed change: UPDATE_PACKAGE_CONTENTS=1 npx vitest run test/bundle/package-contents.test.ts
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const EXPECTATION = fileURLToPath(new URL('package-contents.json', import.meta.url))
const run = promisify(execFile)
const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, unknown>
}

interface Contents {
  /** Packed files that are not a module of src/ compiled in place: by path, or `<chunk>` entries by count. */
  files: Record<string, number>
  /** Each subpath of `exports`: the file each condition resolves to, and whether it loads in Node. */
  exports: Record<string, Record<string, string>>
}

/** The files `npm pack` puts in the tarball, relative to the package root. */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  })
  const [pack] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>
  return pack!.files.map((file) => file.path)
}

/** The modules tsc compiles from src/ (the inspector is a browser bundle of its own), as paths without extension. */
async function sourceModules(): Promise<string[]> {
  const entries = await readdir(join(root, 'src'), { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name))
    .map((entry) => relative(join(root, 'src'), join(entry.parentPath, entry.name)).replace(/\.tsx?$/, ''))
    .filter((module) => !module.startsWith('inspector/'))
}

/**
 * A bundle's file that is a chunk (named by a hash, not by an entry or a module): `dist/esm/<chunk>`, or
 * `dist/cli/<chunk>` for the CLI's CommonJS chunks (`commands.cjs`, its entry, is listed by name).
 */
function chunkOf(file: string, modules: Set<string>): string | undefined {
  const match = /^dist\/(esm|cli)\/([^/]+)\.(c?js)$/.exec(file)
  if (!match) return undefined
  const [, dir, name, extension] = match
  if (dir === 'esm' && name! in entryBundles()) return undefined
  if (dir === 'cli' && (extension === 'js' ? modules.has(`cli/${name}`) : !name!.startsWith('chunk-'))) return undefined
  return `dist/${dir}/<chunk>`
}

/** The ES module bundles the `import` conditions name: dist/esm/<name>.js. */
function entryBundles(): Record<string, true> {
  const names = Object.values(manifest.exports).flatMap((target) => {
    const text = JSON.stringify(target)
    return [...text.matchAll(/"\.\/dist\/esm\/([^"]+)\.js"/g)].map(([, name]) => name!)
  })
  return Object.fromEntries(names.map((name) => [name, true as const]))
}

/** The packed files, split into the compiled modules of src/ (checked by rule) and the rest (counted). */
async function packedContents(): Promise<{ files: Record<string, number>; missingModules: string[] }> {
  const packed = new Set(await packedFiles())
  const modules = await sourceModules()
  const compiled = new Set(
    modules.flatMap((module) => [
      `dist/${module}.js`,
      `dist/${module}.d.ts`,
      // The CLI is an ES module bin and the vitest entry refuses require(): no CommonJS copy of either.
      ...(/^(cli|vitest)\//.test(module) ? [] : [`dist/cjs/${module}.js`, `dist/cjs/${module}.d.ts`]),
    ]),
  )
  const missingModules = [...compiled].filter((file) => !packed.has(file)).sort()
  const names = new Set(modules)
  const files: Record<string, number> = {}
  for (const file of [...packed].sort()) {
    if (compiled.has(file)) continue
    const key = chunkOf(file, names) ?? file
    files[key] = (files[key] ?? 0) + 1
  }
  return { files, missingModules }
}

/** Resolves and loads every subpath of `exports` from a consumer that installed the package (a link to it). */
async function resolvedExports(consumer: string): Promise<Record<string, Record<string, string>>> {
  const subpaths = Object.keys(manifest.exports).filter((subpath) => subpath !== './package.json')
  const specifiers = subpaths.map((subpath) => manifest.name + subpath.slice(1))
  const script = `
import { createRequire } from 'node:module'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
const root = ${JSON.stringify(root)}
const require = createRequire(import.meta.url)
const outcome = (error) => 'fails: ' + (error.code ?? error.message.split('\\n')[0])
// The browser entry imports msw/browser, which msw 3 does not export to Node: it is resolved here and loaded by the
// browser suites (test/browser, test/bundle/browser-bundle.test.ts).
const browserOnly = ${JSON.stringify(`${manifest.name}/browser`)}
const result = {}
for (const specifier of ${JSON.stringify(specifiers)}) {
  const entry = {}
  if (specifier === browserOnly) {
    entry.require = relative(root, require.resolve(specifier))
    entry['require loads'] = 'in a browser'
    entry.import = relative(root, fileURLToPath(import.meta.resolve(specifier)))
    entry['import loads'] = 'in a browser'
    result[specifier] = entry
    continue
  }
  try {
    entry.require = relative(root, require.resolve(specifier))
    entry.requireNames = Object.keys(require(specifier)).sort()
    entry['require loads'] = entry.requireNames.length > 0 ? 'yes' : 'no names'
  } catch (error) { entry['require loads'] = outcome(error) }
  try {
    entry.import = relative(root, fileURLToPath(import.meta.resolve(specifier)))
    entry.importNames = Object.keys(await import(specifier)).sort()
    entry['import loads'] = entry.importNames.length > 0 ? 'yes' : 'no names'
  } catch (error) { entry['import loads'] = outcome(error) }
  result[specifier] = entry
}
console.log(JSON.stringify(result))
`
  await writeFile(join(consumer, 'resolve.mjs'), script)
  const { stdout } = await run(process.execPath, ['resolve.mjs'], { cwd: consumer, timeout: 120_000 })
  const loaded = JSON.parse(stdout) as Record<string, Record<string, string | string[]>>
  const result: Record<string, Record<string, string>> = {}
  for (const [specifier, entry] of Object.entries(loaded)) {
    const { requireNames, importNames, ...rest } = entry
    const both = Array.isArray(requireNames) && Array.isArray(importNames)
    result[specifier] = {
      ...(rest as Record<string, string>),
      ...(both ? { 'same names': String(requireNames.join() === importNames.join()) } : {}),
      ...typesOf(specifier, consumer),
    }
  }
  return result
}

/** Where TypeScript (module NodeNext) finds the declarations of a specifier, imported and required. */
function typesOf(specifier: string, consumer: string): Record<string, string> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  }
  const resolve = (from: string, mode: ts.ResolutionMode) => {
    const resolved = ts.resolveModuleName(specifier, join(consumer, from), options, ts.sys, undefined, undefined, mode)
    const file = resolved.resolvedModule?.resolvedFileName
    return file === undefined ? 'unresolved' : relative(root, file)
  }
  return {
    'types (import)': resolve('consumer.mts', ts.ModuleKind.ESNext),
    'types (require)': resolve('consumer.cts', ts.ModuleKind.CommonJS),
  }
}

describe('the package contents', () => {
  let consumer: string
  beforeAll(async () => {
    consumer = await mkdtemp(join(tmpdir(), 'package-contents-'))
    const scope = join(consumer, 'node_modules')
    await mkdir(scope, { recursive: true })
    await symlink(root, join(scope, manifest.name), 'dir')
    await writeFile(join(consumer, 'package.json'), '{ "private": true }\n')
  })
  afterAll(() => rm(consumer, { recursive: true, force: true }))

  it('packs every compiled module of src/, its declarations and CommonJS copy, and the files the expectation lists', async () => {
    const { files, missingModules } = await packedContents()
    const exports = await resolvedExports(consumer)
    for (const entry of Object.values(exports)) {
      for (const [condition, file] of Object.entries(entry)) {
        if (!/loads|same/.test(condition) && file !== 'unresolved')
          expect(existsSync(join(root, file)), file).toBe(true)
      }
    }
    const actual: Contents = { files, exports }
    if (process.env.UPDATE_PACKAGE_CONTENTS) {
      const text = await import('prettier').then(({ format }) =>
        format(JSON.stringify(actual), { parser: 'json', printWidth: 120 }),
      )
      await writeFile(EXPECTATION, text)
    }
    const expected = JSON.parse(await readFile(EXPECTATION, 'utf8')) as Contents
    expect(missingModules).toEqual([])
    expect(actual.files).toEqual(expected.files)
    expect(actual.exports).toEqual(expected.exports)
  })
})
