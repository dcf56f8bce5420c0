// Runs the consumer matrix: packs the package once (from the built dist/), installs the tarball
// into each tiny consumer project of test/consumers/ (copied under .tmp/consumers/, each with
// its own test runner and DOM library), runs its one test file, and prints a table. Exits 1
// when a project fails, printing the end of its output. The official client, a peer dependency,
// is installed at the oldest version of the package's peer range in the LOW_END projects and at
// the newest in the others (both read from the registry).
// Usage: node scripts/consumer-matrix.mjs [--msw 2|3] [--jest 29|30] [--only vitest-jsdom,jest-jsdom]
// --jest installs that Jest (and its jsdom environment, where a project has one) over the project's own.
import { spawn } from 'node:child_process'
import { cp, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = fileURLToPath(new URL('..', import.meta.url))
const CLIENT = '@pieces.app/pieces-os-client'
// The projects that get the oldest client of the peer range; the others get the newest.
const LOW_END = new Set(['vitest-node', 'jest-node', 'typescript-node10'])
const projects = join(root, 'test/consumers')
const work = join(root, '.tmp/consumers')

const { values } = parseArgs({
  options: { msw: { type: 'string', default: '2' }, jest: { type: 'string' }, only: { type: 'string' } },
})
if (!['2', '3'].includes(values.msw)) fail(`--msw is ${values.msw}; give 2 or 3.`)
if (values.jest !== undefined && !['29', '30'].includes(values.jest)) fail(`--jest is ${values.jest}; give 29 or 30.`)

/** Runs a command, resolving with its exit code and combined output; never rejects on a failing exit. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, CI: 'true', FORCE_COLOR: '0' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

function fail(message) {
  console.error(`Failed to run the consumer matrix: ${message}`)
  process.exit(1)
}

async function timed(step) {
  const started = performance.now()
  const result = await step()
  return { ...result, seconds: (performance.now() - started) / 1000 }
}

async function pack() {
  await stat(join(root, 'dist/cjs/index.js')).catch(() => fail('dist/ is not built. Run npm run build first.'))
  await rm(work, { recursive: true, force: true })
  await mkdir(work, { recursive: true })
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root)
  if (packed.code !== 0) fail(`npm pack failed:\n${packed.output}`)
  const [{ filename }] = JSON.parse(packed.output.slice(packed.output.indexOf('[')))
  await cp(join(projects, 'scenario.cjs'), join(work, 'scenario.cjs'))
  return join(work, filename)
}

/** The oldest and newest published versions of the official client in the package's peer range. */
async function clientEnds() {
  const { peerDependencies } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  const range = peerDependencies[CLIENT]
  const viewed = await run('npm', ['view', `${CLIENT}@${range}`, 'version', '--json'], root)
  if (viewed.code !== 0) fail(`npm view ${CLIENT}@${range} failed:\n${viewed.output}`)
  const versions = [JSON.parse(viewed.output)].flat()
  return { range, low: versions[0], high: versions.at(-1) }
}

async function runProject(name, tarball, client) {
  const dir = join(work, name)
  await cp(join(projects, name), dir, { recursive: true })
  const extra = [...(await jestOverride(dir)), `${CLIENT}@${LOW_END.has(name) ? client.low : client.high}`]
  const install = await timed(() =>
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-package-lock', '--no-save', tarball, `msw@${values.msw}`, ...extra],
      dir,
    ),
  )
  if (install.code !== 0) return { name, install, test: { code: 1, output: 'not run', seconds: 0 } }
  const test = await timed(() => run('npm', ['test'], dir))
  return { name, install, test, runner: await runnerOf(dir) }
}

/** The Jest packages `--jest` puts over a Jest project's own (none for a vitest project, or without the flag). */
async function jestOverride(dir) {
  const { devDependencies = {} } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  if (values.jest === undefined || !('jest' in devDependencies)) return []
  const environment = 'jest-environment-jsdom' in devDependencies ? [`jest-environment-jsdom@${values.jest}`] : []
  return [`jest@${values.jest}`, ...environment]
}

async function runnerOf(dir) {
  const versionOf = async (pkg) =>
    JSON.parse(await readFile(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version
  const { scripts } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  const runner = await versionOf('jest').then(
    (version) => `jest ${version}`,
    () =>
      versionOf('vitest').then(
        (version) => `vitest ${version}`,
        () =>
          versionOf('typescript').then(
            (version) => `tsc ${version}`,
            () => (scripts.test.startsWith('node --test') ? 'node:test' : 'node'),
          ),
      ),
  )
  return `${runner}, msw ${await versionOf('msw')}, client ${await versionOf(CLIENT)}`
}

const names = (await readdir(projects, { withFileTypes: true })).filter((entry) => entry.isDirectory())
const wanted = values.only?.split(',')
const unknown = wanted?.filter((name) => !names.some((entry) => entry.name === name)) ?? []
if (unknown.length > 0) fail(`no project ${unknown.join(', ')} in test/consumers/.`)
const selected = names.map((entry) => entry.name).filter((name) => !wanted || wanted.includes(name))

const started = performance.now()
const tarball = await pack()
const client = await clientEnds()
const node = (await run('node', ['--version'], root)).output.trim()
const results = []
for (const name of selected) results.push(await runProject(name, tarball, client))

console.log(
  `\nConsumer matrix (Node ${node}, msw ${values.msw}, ${CLIENT} ${client.range}: ${client.low} to ${client.high}):`,
)
console.log('project              | runner                                     | result | install | test')
for (const { name, install, test, runner = '' } of results) {
  const result = install.code !== 0 ? 'NO INSTALL' : test.code === 0 ? 'pass' : 'FAIL'
  console.log(
    `${name.padEnd(20)} | ${runner.padEnd(42)} | ${result.padEnd(6)} | ${install.seconds.toFixed(0).padStart(5)} s | ${test.seconds.toFixed(0).padStart(3)} s`,
  )
}
console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`)
const failed = results.filter((result) => result.install.code !== 0 || result.test.code !== 0)
for (const { name, install, test } of failed) {
  console.error(`\n== ${name}\n${(install.code !== 0 ? install.output : test.output).slice(-4000)}`)
}
process.exit(failed.length > 0 ? 1 : 0)
