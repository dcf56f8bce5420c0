// Persistence: POST /conversations/create against the standalone server with
// --persist on a state of about 30 MiB, durable (the default: each write
// logged and fsynced before its answer, fsyncs shared by concurrent writers)
// and relaxed (the whole state saved in the background), each against the
// same server and records without --persist, each in a process of its own and
// none reset between rounds. Creates per second and p99 latency over a fixed
// number of creates (every answer waited for, however slow), paired rounds;
// after each run the bench waits until the server is quiet (its last file
// write done) before the other runs.
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
const rows = []
const data = {}

/** Paired rounds of creates: `side` (a server with --persist) against `plain` (the same without). */
async function against(side, plain) {
  const sides = { mock: side, baseline: plain }
  return pairedRounds({
    quick,
    capSeconds,
    measure: (name, round) => load(sides[name].url, CREATE, { amount: round < 0 ? warmUpCreates : creates }),
    between: (name) => sides[name].settle(),
    ratios: { rate: (m, b) => m.rate / b.rate, p99: (m, b) => m.p99 / b.p99 },
  })
}

/** The two rows of one durability mode: creates per second and p99, over the same without --persist. */
function modeRows(mode, paired, state, floor) {
  const m = (field) => sideMedian(paired.mock, field)
  const b = (field) => sideMedian(paired.baseline, field)
  return [
    ratioRow(
      `standalone POST /conversations/create with --persist (${mode}) ÷ without, creates per second`,
      paired,
      'rate',
      floor,
      `${thousands(m('rate'))} vs ${thousands(b('rate'))} creates/s, ${state}`,
    ),
    ratioRow(
      `  p99 latency with --persist (${mode}) ÷ without`,
      paired,
      'p99',
      { atMost: 2, text: '≤ 2' },
      `${ms(m('p99'))} vs ${ms(b('p99'))} ms, p50 ${ms(m('p50'))} vs ${ms(b('p50'))} ms`,
      1,
    ),
  ]
}

const mib = (bytes) => (bytes / 2 ** 20).toFixed(1)

try {
  await withServers(async (servers) => {
    const generate = { seed: 17, assets: records, conversations: records }
    progress(
      `persistence: ${records.toLocaleString('en')} assets + ${records.toLocaleString('en')} conversations, durable and relaxed --persist, and without`,
    )
    const plain = await servers.start('mock-server.mjs', [JSON.stringify({ generate })])
    for (const mode of ['durable', 'relaxed']) {
      const file = join(dir, `${mode}.json`)
      const side = await servers.start('mock-server.mjs', [
        JSON.stringify({ generate, persist: file, durability: mode }),
      ])
      // Relaxed writes its first state in the background: settled again until it is there.
      let state = await stat(file).catch(() => undefined)
      for (let tries = 0; !state && tries < 20; tries++) {
        await side.settle()
        state = await stat(file).catch(() => undefined)
      }
      const stateBytes = state?.size ?? 0
      const paired = await against(side, plain)
      const finalBytes = (await stat(file)).size
      // Durable: every answer waits for an fsync, shared by the writers in flight; relaxed: nothing waits.
      const floor = mode === 'durable' ? { atLeast: 0.5, text: '≥ 0.5' } : { atLeast: 0.8, text: '≥ 0.8' }
      rows.push(...modeRows(mode, paired, `${mib(stateBytes)} → ${mib(finalBytes)} MiB state`, floor))
      data[mode] = { records: generate, creates, stateBytes, finalBytes, ...paired }
      await side.stop()
    }
  })
} finally {
  await rm(dir, { recursive: true, force: true })
}
await report({ rows, data })
