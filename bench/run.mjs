// npm run bench: runs every section, prints a table of ratios against
// baselines measured in the same run, and writes bench/latest.json.
// Usage: node --expose-gc bench/run.mjs [--quick] [--only=http,msw,growth,seeding,events,inspector]
// (--quick: fewer and shorter runs; a quick or partial run leaves bench/latest.json alone).
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { runHttpBench } from './sections/http.mjs'
import { runSection } from './lib/section.mjs'
import { formatTable } from './lib/table.mjs'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',')
const wanted = (name) => !only || only.includes(name)
const log = (text) => process.stderr.write(`  ${text}\n`)
const started = performance.now()

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
}
console.error(`conversation-asset-mock bench on ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}${quick ? ', quick' : ''}`)

const results = {}
if (wanted('http')) {
  results.http = await runHttpBench(quick ? { rounds: 1, durationSeconds: 1, warmupSeconds: 0.5, log } : { rounds: 5, durationSeconds: 3, warmupSeconds: 2, log })
}
if (wanted('msw')) results.msw = await runSection('msw.mjs', quick ? { rounds: 1, requests: 300 } : { rounds: 5, requests: 1500 })
if (wanted('growth')) {
  results.growth = await runSection('growth.mjs', quick ? { scales: [1000, 10_000], rounds: 3 } : { scales: [1000, 10_000, 100_000], rounds: 5 }, 180_000)
}
if (wanted('seeding')) results.seeding = await runSection('seeding.mjs', quick ? { rounds: 1 } : { rounds: 3 })
if (wanted('events')) results.events = await runSection('events.mjs', quick ? { writes: 100 } : { writes: 500 })
if (wanted('inspector')) results.inspector = await runSection('inspector.mjs', quick ? { rounds: 2 } : { rounds: 5 })

const rows = buildRows(results)
rows.push(...(results.inspector?.rows ?? []))
const seconds = (performance.now() - started) / 1000
console.log(formatTable(rows, ['figure', 'value', 'target', 'met']))
console.log(`\n${machine.cpus} cores, Node ${machine.node}, ${seconds.toFixed(0)} s${quick ? ' (quick: fewer and shorter runs)' : ''}`)

// Only a full run replaces the figures the README quotes.
if (!quick && !only) {
  const latest = { date: new Date().toISOString(), seconds, machine, rows, results }
  await writeFile(fileURLToPath(new URL('./latest.json', import.meta.url)), `${JSON.stringify(latest, null, 2)}\n`)
} else {
  console.log('(a partial run: bench/latest.json left as it was)')
}
// Missed targets are reported, not failed: the figures come from shared, noisy machines.

function buildRows({ http, msw, growth, seeding, events }) {
  const rows = []
  const fixed = (value, digits = 2) => value.toFixed(digits)
  const check = (ok) => (ok ? 'yes' : 'no')
  for (const route of http?.versusBare ?? []) {
    rows.push({
      figure: `standalone ${route.route} ÷ bare node:http (${route.bytes} B${route.growth ? `; ${route.growth}` : ''})`,
      value: `${fixed(route.ratio)} (${fixed(route.mockRate, 0)} vs ${fixed(route.baselineRate, 0)} req/s)`,
      target: '≥ 0.5 (aim 0.8)',
      met: check(route.ratio >= 0.5),
    })
  }
  if (http?.versusJsonServer) {
    const versus = http.versusJsonServer
    rows.push({
      figure: 'standalone GET /conversations ÷ json-server 0.17',
      value: `${fixed(versus.ratio)}× (${fixed(versus.mockRate, 0)} vs ${fixed(versus.baselineRate, 0)} req/s)`,
      target: '≥ 1.5×',
      met: check(versus.ratio >= 1.5),
    })
  }
  if (msw) {
    rows.push({
      figure: 'in-process msw GET /asset/{id} ÷ static MSW handler',
      value: `${fixed(msw.ratio)} (${fixed(msw.mockMs * 1000, 0)} vs ${fixed(msw.staticMs * 1000, 0)} µs)`,
      target: '≤ 1.2',
      met: check(msw.ratio <= 1.2),
    })
  }
  for (const scale of growth?.results ?? []) {
    const label = `${scale.scale / 1000}k+${scale.scale / 1000}k (${scale.records} records)`
    rows.push({ figure: `store.get (1,024 ids over the store) at ${label}`, value: `${fixed(scale.lookupNs / 1000, 3)} µs`, target: '< 5 µs, flat', met: check(scale.lookupNs < 5000) })
    rows.push({
      figure: `GET /conversations payload at ${label}`,
      value: `${fixed(scale.listColdMs)} ms cold, ${fixed(scale.listMs)} ms warm (${fixed(scale.listColdUsPerConversation)} / ${fixed(scale.listUsPerConversation)} µs each)`,
      target: 'linear',
      met: '',
    })
    rows.push({
      figure: `  run+stringify ÷ stringify at ${label}`,
      value: fixed(scale.listVersusStringify),
      target: scale.scale === 10_000 ? '≤ 2' : '',
      met: scale.scale === 10_000 ? check(scale.listVersusStringify <= 2) : '',
    })
    rows.push({ figure: `  snapshot / restore / reset at ${label}`, value: `${fixed(scale.snapshotMs)} / ${fixed(scale.restoreMs, 0)} / ${fixed(scale.resetMs, 0)} ms`, target: '', met: '' })
  }
  if (growth) {
    rows.push({ figure: 'store.get spread (largest ÷ smallest)', value: fixed(growth.lookupSpread), target: 'flat', met: '' })
    rows.push({
      figure: 'list µs/conversation spread, cold / warm (largest ÷ smallest)',
      value: `${fixed(growth.listColdPerConversationSpread)} / ${fixed(growth.listPerConversationSpread)}`,
      target: 'linear',
      met: '',
    })
  }
  if (seeding) {
    rows.push({
      figure: `seed ${seeding.assets / 1000}k assets + ${seeding.conversations / 1000}k conversations (${seeding.records} records): createMockService({ generate })`,
      value: `${fixed(seeding.totalMs, 0)} ms`,
      target: '< 1000 ms',
      met: check(seeding.totalMs < 1000),
    })
    rows.push({
      figure: '  the same records as fixtures, every record and link validated',
      value: `${fixed(seeding.validatedMs, 0)} ms (generate ${fixed(seeding.validatedGenerateMs, 0)}, validate ${fixed(seeding.validatedCreateMs, 0)}, load ${fixed(seeding.validatedMs - seeding.validatedGenerateMs - seeding.validatedCreateMs, 0)})`,
      target: '',
      met: '',
    })
    rows.push({ figure: '  heap per stored record', value: `${fixed(seeding.bytesPerRecord, 0)} B`, target: '', met: '' })
  }
  for (const result of events?.results ?? []) {
    rows.push({ figure: `store.write → identifier frame (${result.fixtures})`, value: `${fixed(result.medianMs, 3)} ms median`, target: '< 1 ms', met: check(result.medianMs < 1) })
  }
  return rows
}
