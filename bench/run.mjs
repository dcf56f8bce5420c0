// npm run bench: runs every section on each leg (Node 20 + msw 2, Node 22 + msw 3),
// prints a table per leg of ratios against baselines measured in the same run,
// and writes bench/latest.json.
// Usage: node --expose-gc bench/run.mjs [--quick] [--only=section,…] [--leg=20-msw2|22-msw3|both]
// --quick: a fixed 4 rounds of shorter runs per figure, spread printed as it is;
// --only takes section names, or a prefix before "-" (startup = startup-msw,startup-http).
// A quick or partial run leaves bench/latest.json alone.
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { LEGS, prepareLeg } from './lib/legs.mjs'
import { ROUNDS } from './lib/paired.mjs'
import { runSection } from './lib/section.mjs'
import { formatTable } from './lib/table.mjs'

/** Every section, in the order it runs, with its options for a full and a quick run. */
const SECTIONS = {
  msw: { file: 'msw.mjs', full: {}, quick: {} },
  http: { file: 'http.mjs', full: {}, quick: {} },
  'cold-start': { file: 'cold-start.mjs', full: {}, quick: {} },
  spawn: { file: 'spawn.mjs', full: {}, quick: {} },
  'startup-msw': { file: 'startup-msw.mjs', full: {}, quick: { sizes: [1000] }, timeoutMs: 900_000 },
  'startup-http': { file: 'startup-http.mjs', full: {}, quick: { sizes: [1000] } },
  streams: { file: 'streams.mjs', full: {}, quick: { clients: [1, 1000] } },
  deletes: { file: 'deletes.mjs', full: {}, quick: {} },
  appends: { file: 'appends.mjs', full: {}, quick: {} },
  persistence: { file: 'persistence.mjs', full: {}, quick: {} },
  sessions: { file: 'sessions.mjs', full: { sessions: 1000 }, quick: { sessions: 1000 } },
  copilot: { file: 'copilot.mjs', full: {}, quick: {} },
  growth: {
    file: 'growth.mjs',
    full: { scales: [1000, 10_000, 100_000], rounds: 5 },
    quick: { scales: [1000, 10_000], rounds: 3 },
  },
  seeding: { file: 'seeding.mjs', full: { rounds: 3 }, quick: { rounds: 1 } },
  events: { file: 'events.mjs', full: { writes: 500 }, quick: { writes: 100 } },
  inspector: { file: 'inspector.mjs', full: { rounds: 5 }, quick: { rounds: 2 } },
  weight: { file: 'weight.mjs', full: {}, quick: {} },
  // The peers are other programs (Node CLIs, a JVM): measured on the first leg only, the msw of a leg does not
  // reach them. The first run installs them in bench/peers, hence the longer time limit.
  peers: { file: 'peers.mjs', full: {}, quick: {}, legs: ['20-msw2'], timeoutMs: 600_000 },
}

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const legArg = args.find((arg) => arg.startsWith('--leg='))?.slice('--leg='.length) ?? 'both'
const legNames = legArg === 'both' ? Object.keys(LEGS) : [legArg]
const wanted = (name) => !only || only.some((entry) => entry === name || name.startsWith(`${entry}-`))
const unknown =
  only?.filter((entry) => !Object.keys(SECTIONS).some((name) => name === entry || name.startsWith(`${entry}-`))) ?? []
if (unknown.length > 0) {
  console.error(
    `Failed to start the bench: no section is called ${unknown.join(', ')}. Sections: ${Object.keys(SECTIONS).join(', ')}.`,
  )
  process.exit(2)
}
// The peers live in this checkout's bench/peers whichever leg runs them (a leg copies only lib, sections, servers).
const peersDir = fileURLToPath(new URL('./peers/', import.meta.url))
const log = (text) => process.stderr.write(`  ${text}\n`)
const started = performance.now()

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.platform()} ${os.arch()}`,
}
console.error(
  `conversation-asset-mock bench on ${machine.cpus} cores (${machine.cpuModel}), legs ${legNames.join(', ')}${quick ? ', quick' : ''}`,
)

const legs = []
for (const name of legNames) {
  const legStarted = performance.now()
  const leg = await prepareLeg(name, log)
  const sections = {}
  let versions
  for (const [section, { file, full, quick: short, legs: onLegs, timeoutMs }] of Object.entries(SECTIONS)) {
    if (!wanted(section) || (onLegs && !onLegs.includes(name))) continue
    const sectionStarted = performance.now()
    log(`${name}: ${section}`)
    const options = { ...(quick ? { quick, ...short } : full), peersDir }
    const result = await runSection(leg, file, options, timeoutMs)
    versions ??= result.versions
    checkVersions(leg, result.versions, section)
    sections[section] = { seconds: (performance.now() - sectionStarted) / 1000, ...result }
    log(`${name}: ${section} took ${sections[section].seconds.toFixed(0)} s`)
  }
  const rows = Object.values(sections).flatMap((section) => section.rows)
  const seconds = (performance.now() - legStarted) / 1000
  legs.push({ leg: name, node: versions?.node, msw: versions?.msw, seconds, rows, sections })
  console.log(`\n### Node ${versions?.node.slice(1)} + msw ${versions?.msw} (leg ${name}, ${seconds.toFixed(0)} s)\n`)
  console.log(formatTable(rows, ['figure', 'value', 'target', 'met']))
}

const seconds = (performance.now() - started) / 1000
console.log(
  `\n${machine.cpus} cores (${machine.cpuModel}), ${machine.platform}, ${new Date().toISOString().slice(0, 10)}, ${seconds.toFixed(0)} s.` +
    ` Value: median of the paired rounds' ratios (±: the larger half of its 95% interval; with under 6 rounds, their whole range).` +
    (quick
      ? ` Quick: ${ROUNDS.quickRounds} rounds of shorter runs, so the spread is wide; a full run keeps adding rounds until it is within ±${ROUNDS.bound * 100}%.`
      : ''),
)

// Only a full run of both legs replaces the figures the README quotes.
if (!quick && !only && legNames.length === Object.keys(LEGS).length) {
  const latest = {
    date: new Date().toISOString(),
    seconds,
    machine,
    method: {
      rounds:
        'paired: one run of the mock and one of its baseline per round, the mock first in even rounds and the baseline in odd ones, after one warm-up run of each',
      value: 'median over rounds of the per-round ratio',
      spread:
        'plusMinus: the larger half of the distribution-free 95% interval of the median (order statistics); with under 6 rounds, the whole range',
      stop: `rounds are added until every ratio of a figure is within ±${ROUNDS.bound * 100}% of its median, or the figure's time cap is reached (at least ${ROUNDS.minRounds} rounds when time allows)`,
    },
    // Every row of every leg, each with its leg, so a tool reading figure/value/target/met finds both.
    rows: legs.flatMap((leg) => leg.rows.map((row) => ({ leg: leg.leg, ...row }))),
    legs,
  }
  await writeFile(fileURLToPath(new URL('./latest.json', import.meta.url)), `${JSON.stringify(latest, null, 2)}\n`)
} else {
  console.log('(a quick or partial run: bench/latest.json left as it was)')
}
// Missed targets are reported, not failed: the figures come from shared, noisy machines.

/** Stops the bench when a leg did not measure what its name says (a leg directory resolving the project's msw, say). */
function checkVersions(leg, versions, section) {
  const major = (version) => Number(version.replace(/^v/, '').split('.')[0])
  const mismatch = []
  if (leg.name !== '20-msw2' && major(versions.node) !== leg.expect.node) mismatch.push(`Node ${versions.node}`)
  if (major(versions.msw) !== leg.expect.msw) mismatch.push(`msw ${versions.msw}`)
  if (leg.name === '20-msw2' && major(versions.node) !== leg.expect.node) {
    log(`${leg.name}: this leg runs on the Node that runs the bench, ${versions.node}, not Node ${leg.expect.node}`)
  }
  if (mismatch.length > 0) {
    throw new Error(
      `Failed to run the bench leg ${leg.name}: section ${section} ran on ${mismatch.join(' and ')}. Remove bench/.legs and run again.`,
    )
  }
}
