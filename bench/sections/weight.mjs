// The weight of the package for its users: what `npm i conversation-asset-mock` adds to a
// project (the package and its dependencies, peers left out), and what a browser app's
// bundle gets from the browser entry (minified and gzipped, msw left out, as esbuild
// splits it): on the first load, the package's own share and its dependencies', and what
// loads only on demand (the data generator with faker, the inspector).
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile, realpath, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { versions } from '../lib/package.mjs'
import { plainRow } from '../lib/paired.mjs'
import { progress, report } from '../lib/section.mjs'

const packageDir = versions().packagePath
const MiB = 2 ** 20
const kB = 1000

const install = await installSize(packageDir)
progress(`weight: install ${(install.total / MiB).toFixed(1)} MiB`)
const bundle = await browserBundle(packageDir)
progress(`weight: browser first load ${(bundle.firstLoadGzip / kB).toFixed(1)} kB gzip`)

const largest = install.dependencies
  .slice(0, 5)
  .map(({ name, bytes }) => `${name} ${(bytes / MiB).toFixed(1)}`)
  .join(', ')
const heaviest = bundle.dependencies
  .slice(0, 4)
  .map(({ name, bytes }) => `${name} ${(bytes / kB).toFixed(0)}`)
  .join(', ')
await report({
  rows: [
    plainRow(
      `install size: the package and its ${install.dependencies.length} dependencies (peers msw and vitest left out)`,
      `${(install.total / MiB).toFixed(1)} MiB of files (${(install.onDisk / MiB).toFixed(1)} MiB of disk blocks): package ${(install.own / MiB).toFixed(1)} MiB; largest (MiB): ${largest}`,
    ),
    plainRow(
      'browser bundle, first load (conversation-asset-mock/browser, minified, msw left out)',
      `${(bundle.firstLoadGzip / kB).toFixed(1)} kB gzip; minified ${(bundle.firstLoadBytes / kB).toFixed(0)} kB: the package's own ${(bundle.ownBytes / kB).toFixed(0)} kB, dependencies ${((bundle.firstLoadBytes - bundle.ownBytes) / kB).toFixed(0)} kB (${heaviest})`,
    ),
    plainRow(
      'browser bundle, loaded on demand (data generator with faker, inspector)',
      `${(bundle.onDemandGzip / kB).toFixed(1)} kB gzip in ${bundle.onDemandChunks} chunks`,
    ),
  ],
  data: { install, bundle },
})

/** Bytes on disk of the package's files as packed, and of every package its dependencies pull in, each counted once. */
async function installSize(root) {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    maxBuffer: 64 * MiB,
  })
  const [pack] = JSON.parse(stdout)
  const own = pack.unpackedSize
  let ownOnDisk = 0
  for (const file of pack.files) ownOnDisk += (await stat(join(root, file.path))).blocks * 512
  const seen = new Map()
  const queue = [root]
  while (queue.length > 0) {
    const dir = queue.shift()
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const found = packageDirOf(name, dir)
      if (!found) continue
      const real = await realpath(found)
      if (seen.has(real)) continue
      seen.set(real, { name, ...(await directoryBytes(real)) })
      queue.push(real)
    }
  }
  const dependencies = [...seen.values()].sort((a, b) => b.bytes - a.bytes)
  const sum = (key) => dependencies.reduce((total, dependency) => total + dependency[key], 0)
  return { own, total: own + sum('bytes'), onDisk: ownOnDisk + sum('onDisk'), dependencies }
}

/** Where Node would find package `name` from `dir`: the nearest node_modules up the tree that has it. */
function packageDirOf(name, dir) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dirname(at) === at) return undefined
  }
}

/**
 * Bytes of the files under `dir` and the disk blocks they take, its own
 * node_modules left out (they are packages of their own).
 */
async function directoryBytes(dir) {
  let bytes = 0
  let onDisk = 0
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === '.git') continue
      const inner = await directoryBytes(path)
      bytes += inner.bytes
      onDisk += inner.onDisk
    } else if (entry.isFile()) {
      const info = await stat(path)
      bytes += info.size
      onDisk += info.blocks * 512
    }
  }
  return { bytes, onDisk }
}

/** The browser entry bundled as an app's bundler would: split, minified, msw left to the app. */
async function browserBundle(root) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['dist/browser/index.js'],
    bundle: true,
    splitting: true,
    minify: true,
    outdir: 'unused',
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['msw', 'msw/*'],
  })
  const outputs = Object.entries(result.metafile.outputs)
  const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]))
  const contentsOf = (path) => files.get(join(root, path)) ?? new Uint8Array()
  // The first load is the entry's chunk and the chunks it imports statically.
  const firstLoad = new Set()
  const visit = (path) => {
    if (firstLoad.has(path)) return
    firstLoad.add(path)
    for (const imported of result.metafile.outputs[path].imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
    }
  }
  visit(outputs.find(([, output]) => output.entryPoint === 'dist/browser/index.js')[0])
  let firstLoadBytes = 0
  let firstLoadGzip = 0
  let ownBytes = 0
  let onDemandGzip = 0
  let onDemandChunks = 0
  const byDependency = new Map()
  for (const [path, output] of outputs) {
    if (!path.endsWith('.js')) continue
    const gzip = gzipSync(contentsOf(path)).byteLength
    if (!firstLoad.has(path)) {
      onDemandGzip += gzip
      onDemandChunks++
      continue
    }
    firstLoadBytes += output.bytes
    firstLoadGzip += gzip
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (input.startsWith('dist/')) ownBytes += bytesInOutput
      else {
        // In the project, a dependency's path runs through node_modules; installed in a leg's
        // node_modules, it is a sibling of the package (`../zod/…`).
        const name =
          /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ??
          /^(?:\.\.\/)+((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ??
          input
        byDependency.set(name, (byDependency.get(name) ?? 0) + bytesInOutput)
      }
    }
  }
  const dependencies = [...byDependency].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes)
  return { firstLoadBytes, firstLoadGzip, ownBytes, onDemandGzip, onDemandChunks, dependencies }
}
