// Runs the Playwright example as a consumer would: packs the package (from the built dist/), installs
// the tarball into examples/playwright beside its own locked dependencies, with the msw asked for,
// and runs its suite (four workers on Chromium, a mock per test). Exits with the suite's code.
// Usage: node scripts/playwright-example.mjs [--msw 2|3]
import { spawn } from 'node:child_process'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = fileURLToPath(new URL('..', import.meta.url))
const example = join(root, 'examples/playwright')
const work = join(root, '.tmp/playwright-example')

const { values } = parseArgs({ options: { msw: { type: 'string', default: '2' } } })
if (!['2', '3'].includes(values.msw)) fail(`--msw is ${values.msw}; give 2 or 3.`)

function fail(message) {
  console.error(`Failed to run the Playwright example: ${message}`)
  process.exit(1)
}

/** Runs a command with its output shown; resolves with its captured stdout, fails the script on a failing exit. */
function run(command, args, cwd, { capture = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] })
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(output) : fail(`${command} ${args.join(' ')} exited ${code}.`)))
  })
}

await stat(join(root, 'dist/esm/playwright.js')).catch(() => fail('dist/ is not built. Run npm run build first.'))
await rm(work, { recursive: true, force: true })
await mkdir(work, { recursive: true })
const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root, {
  capture: true,
})
const [{ filename }] = JSON.parse(packed.slice(packed.indexOf('[')))
await run('npm', ['ci', '--no-audit', '--no-fund'], example)
await run(
  'npm',
  ['install', '--no-audit', '--no-fund', '--no-save', join(work, filename), `msw@${values.msw}`],
  example,
)
await run('npm', ['test'], example)
