import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const benchDir = new URL('../', import.meta.url)
const root = fileURLToPath(new URL('../', benchDir))
const requireFromRoot = createRequire(join(root, 'package.json'))

/**
 * The legs the bench measures. `20-msw2` is the project as it stands: the Node
 * running the bench and the msw of the project's node_modules. `22-msw3` is
 * what CI's second leg tests (`npm i --no-save node@22 msw@3`), installed in a
 * directory of its own (bench/.legs/22-msw3, git-ignored) so the project's
 * node_modules stay as they are: the packed project, msw 3, the `node` 22
 * package, and the bench's own tools at the project's versions.
 */
export const LEGS = {
  '20-msw2': { node: 20, msw: 2 },
  '22-msw3': { node: 22, msw: 3 },
}

/**
 * Makes a leg ready to run sections: for `20-msw2` nothing; for `22-msw3`,
 * installs its directory the first time (and again when the project's
 * dependencies or the bench's tools change), packs the built project into it
 * on every run, and copies the bench's sections there. Resolves with the Node
 * binary to run and the bench directory (a file URL) to run it in.
 *
 * @example
 * const leg = await prepareLeg('22-msw3', console.error)
 * runSection(leg, 'msw.mjs', {})
 */
export async function prepareLeg(name, log) {
  const wanted = LEGS[name]
  if (!wanted)
    throw new Error(
      `Failed to prepare the bench leg "${name}": there is no such leg. Use --leg=${Object.keys(LEGS).join('|')}|both.`,
    )
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error('Failed to prepare the bench: dist/ is missing. Run `npm run build` first (npm run bench does).')
  }
  if (name === '20-msw2') return { name, expect: wanted, node: process.execPath, benchDir }

  const dir = fileURLToPath(new URL(`.legs/${name}/`, benchDir))
  await mkdir(dir, { recursive: true })
  const tools = ['autocannon', 'json-server', 'ws', 'mock-socket', 'playwright-core', 'esbuild']
  const projectPackage = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  const manifest = {
    name: `conversation-asset-mock-bench-${name}`,
    private: true,
    type: 'module',
    dependencies: {
      'conversation-asset-mock': 'file:./conversation-asset-mock.tgz',
      msw: String(wanted.msw),
      node: String(wanted.node),
      ...Object.fromEntries(tools.map((tool) => [tool, requireFromRoot(`${tool}/package.json`).version])),
    },
    // Not npm's: what this directory was installed for, so a change of the project's dependencies reinstalls it.
    installedFor: projectPackage.dependencies,
  }
  const tarball = join(dir, 'conversation-asset-mock.tgz')
  const packed = await pack(dir)
  await rename(join(dir, packed), tarball)

  const manifestPath = join(dir, 'package.json')
  const current = existsSync(manifestPath) ? await readFile(manifestPath, 'utf8') : ''
  const text = `${JSON.stringify(manifest, null, 2)}\n`
  const node = join(dir, 'node_modules', 'node', 'bin', 'node')
  if (current !== text || !existsSync(node)) {
    log(`leg ${name}: installing Node ${wanted.node}, msw ${wanted.msw} and the packed project in ${dir} (once)`)
    await writeFile(manifestPath, text)
    await rm(join(dir, 'package-lock.json'), { force: true })
    await rm(join(dir, 'node_modules', 'conversation-asset-mock'), { recursive: true, force: true })
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    })
  } else {
    // The same dependencies: only the package itself changed, so put the new tarball where npm put the old one.
    const target = join(dir, 'node_modules', 'conversation-asset-mock')
    await rm(target, { recursive: true, force: true })
    await mkdir(target, { recursive: true })
    await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'])
  }
  if (!existsSync(node)) {
    throw new Error(
      `Failed to prepare the bench leg ${name}: ${node} is missing after npm install. Remove ${dir} and run the bench again.`,
    )
  }

  const legBench = join(dir, 'bench')
  await rm(legBench, { recursive: true, force: true })
  for (const part of ['lib', 'sections', 'servers']) {
    await cp(fileURLToPath(new URL(part, benchDir)), join(legBench, part), { recursive: true })
  }
  return { name, expect: wanted, node, benchDir: pathToFileURL(`${legBench}/`) }
}

/** Packs the built project (no scripts: the bench has built it) into `dir`; resolves with the file name. */
async function pack(dir) {
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  })
  const [result] = JSON.parse(stdout)
  return result.filename
}
