// The best the two figures docs/performance.md marks unmet could read, measured on variants of the
// built package that keep only what the figure needs:
//
// - create: `POST /conversations/create` by server CPU against bare node:http (bench/create-cpu.mjs),
//   for the build as it is, a `floor` whose create parses the body, builds the new conversation's wire
//   form and serializes it, keeping nothing (no store, journal, body check or renderer), and a
//   `pipeline` whose create answers a text made beforehand (the server's own path alone).
// - cold-start: the cold start of bench/servers/cold-start.mjs against MSW's (time and CPU), for the
//   build as it is and for a copy in which every function that V8's coverage saw never run before
//   the first answer is emptied: what deferring everything a first answer does not use could give.
//
// Usage, after `npm run build`:
//   node bench/ceilings.mjs create [ROUNDS] [CREATES] [--leg=20-msw2|22-msw3]
//   node bench/ceilings.mjs cold-start [ROUNDS] [--leg=20-msw2|22-msw3]
// The variants are written to .tmp/ceilings (bench/.legs/22-msw3/ceilings for that leg, where msw 3
// resolves). Linux only (create reads /proc).
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { copyBuild, createVariant, emptyNeverRun } from './lib/build-variants.mjs'
import { prepareLeg } from './lib/legs.mjs'
import { median } from './lib/stats.mjs'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../', import.meta.url))
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'))
const [figure, ...counts] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const legName = flags.find((flag) => flag.startsWith('--leg='))?.slice('--leg='.length) ?? '20-msw2'
const measure = { create: createCeiling, 'cold-start': coldStartCeiling }[figure]
if (!measure)
  throw new Error(`Failed to measure a ceiling: "${figure ?? ''}" is no figure of this tool. Use create or cold-start.`)
const leg = await prepareLeg(legName, (line) => console.error(line))
const legDir = legName === '20-msw2' ? join(root, '.tmp') : fileURLToPath(new URL('../', leg.benchDir))
const work = join(legDir, 'ceilings')
// The leg's own copy of the built package: the one its msw and Node load.
const build =
  legName === '20-msw2' ? join(root, 'dist', 'esm') : join(legDir, 'node_modules/conversation-asset-mock/dist/esm')

await measure(counts)

/** Server CPU per create of the build, its floor and its pipeline, each against bare node:http. */
async function createCeiling([rounds = '12', creates = '6000']) {
  const sides = ['mock', 'floor', 'pipeline'].map((name) => join(work, name))
  copyBuild(build, sides[0])
  createVariant(build, sides[1], 'floor')
  createVariant(build, sides[2], 'pipeline')
  const createCpu = fileURLToPath(new URL('create-cpu.mjs', import.meta.url))
  const { stdout } = await run(leg.node, [createCpu, rounds, creates, ...sides], { maxBuffer: 1 << 20 })
  console.log(`${legName}, ${rounds} rounds of ${creates} creates a side:\n${stdout.trim()}`)
}

/** The cold start of the build and of its copy with every function a first answer never runs emptied, against MSW's. */
async function coldStartCeiling([rounds = '30']) {
  const script = fileURLToPath(new URL('servers/cold-start.mjs', leg.benchDir))
  const start = async (side, dir, env = process.env) =>
    JSON.parse((await run(leg.node, [script, side === 'msw' ? 'msw' : 'mock', ...(dir ? [dir] : [])], { env })).stdout)
  const mock = join(work, 'mock')
  const emptied = join(work, 'emptied')
  copyBuild(build, mock)
  const coverage = mkdtempSync(join(tmpdir(), 'cold-start-coverage-'))
  const covered = await start('mock', mock, { ...process.env, NODE_V8_COVERAGE: coverage })
  const sizes = emptyNeverRun(mock, emptied, coverage)
  rmSync(coverage, { recursive: true, force: true })
  const check = await start('mock', emptied)
  if (check.bytes !== covered.bytes)
    throw new Error(
      `Failed to empty what a cold start never runs: the first answer took ${check.bytes} bytes, not ${covered.bytes}. The coverage missed a function that runs; measure again.`,
    )
  const runs = { msw: [], mock: [], emptied: [] }
  const dirs = { msw: undefined, mock, emptied }
  const order = Object.keys(runs)
  for (let round = 0; round < Number(rounds); round++)
    for (let at = 0; at < order.length; at++) {
      const side = order[(at + round) % order.length]
      runs[side].push(await start(side, dirs[side]))
    }
  console.log(
    `${legName}, ${rounds} rounds; JavaScript loaded ${sizes.before} → ${sizes.after} characters when emptied`,
  )
  for (const side of order) console.log(coldStartLine(side, runs[side], runs.msw))
}

function coldStartLine(side, runs, baseline) {
  const ratio = (field) => median(runs.map((run, round) => run[field] / baseline[round][field])).toFixed(2)
  const ms = (field) => median(runs.map((run) => run[field])).toFixed(0)
  return `${side}: ${ms('ms')} ms (import ${ms('importMs')}, set-up and listen ${ms('listenMs')}, first request ${ms('requestMs')}), CPU ${ms('cpuMs')} ms; ÷ msw: time ${ratio('ms')}, CPU ${ratio('cpuMs')}`
}
