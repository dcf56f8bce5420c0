// Persistence: POST /conversations/create against the standalone server with
// --persist on a state of about 30 MiB, against the same server and records
// without it, each in a process of its own and neither reset between rounds.
// Creates per second and p99 latency over a fixed number of creates (every
// answer waited for, however slow), paired rounds; after each run the bench
// waits until the server is quiet (its last file write done) before the other runs.
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ms, thousands } from '../lib/format.mjs'
import { load } from '../lib/load.mjs'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'
import { withServers } from '../lib/servers.mjs'

const CREATE = {
  method: 'POST',
  path: '/conversations/create',
  body: JSON.stringify({ type: 'COPILOT', name: 'Bench conversation' }),
}
// About 5 MiB of state per 1k assets + 1k conversations of the generator.
const { quick = false, creates = 1000, warmUpCreates = 300, capSeconds = 45, records = 6000 } = sectionOptions()
const dir = await mkdtemp(join(tmpdir(), 'cam-bench-persist-'))
const file = join(dir, 'state.json')
const rows = []
let data

try {
  await withServers(async (servers) => {
    const generate = { seed: 17, assets: records, conversations: records }
    progress(
      `persistence: ${records.toLocaleString('en')} assets + ${records.toLocaleString('en')} conversations, with --persist and without`,
    )
    const persisting = await servers.start('mock-server.mjs', [JSON.stringify({ generate, persist: file })])
    const plain = await servers.start('mock-server.mjs', [JSON.stringify({ generate })])
    await persisting.settle()
    const stateBytes = (await stat(file)).size
    const sides = { mock: persisting, baseline: plain }
    const paired = await pairedRounds({
      quick,
      capSeconds,
      measure: (name, round) => load(sides[name].url, CREATE, { amount: round < 0 ? warmUpCreates : creates }),
      between: (name) => sides[name].settle(),
      ratios: { rate: (m, b) => m.rate / b.rate, p99: (m, b) => m.p99 / b.p99 },
    })
    const finalBytes = (await stat(file)).size
    const m = (field) => sideMedian(paired.mock, field)
    const b = (field) => sideMedian(paired.baseline, field)
    const state = `${(stateBytes / 2 ** 20).toFixed(1)} → ${(finalBytes / 2 ** 20).toFixed(1)} MiB state`
    rows.push(
      ratioRow(
        'standalone POST /conversations/create with --persist ÷ without, creates per second',
        paired,
        'rate',
        { atLeast: 0.8, text: '≥ 0.8' },
        `${thousands(m('rate'))} vs ${thousands(b('rate'))} creates/s, ${state}`,
      ),
      ratioRow(
        '  p99 latency with --persist ÷ without',
        paired,
        'p99',
        { atMost: 2, text: '≤ 2' },
        `${ms(m('p99'))} vs ${ms(b('p99'))} ms, p50 ${ms(m('p50'))} vs ${ms(b('p50'))} ms`,
        1,
      ),
    )
    data = { records: generate, creates, stateBytes, finalBytes, ...paired }
  })
} finally {
  await rm(dir, { recursive: true, force: true })
}
await report({ rows, data })
