// Cold start, what each consumer test file pays before its first assertion: a fresh Node
// process imports conversation-asset-mock/node, calls setupMockServer() and listen(), and
// makes its first request; the baseline is a fresh process doing the same with msw/node's
// setupServer() and one static handler (bench/servers/cold-start.mjs runs either). Paired
// rounds, one process of each per round; the ratio is of the time from before the import to
// the first response, Node's own start-up left out (the same on both sides).
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

const { quick = false, capSeconds = 60 } = sectionOptions()
const script = fileURLToPath(new URL('../servers/cold-start.mjs', import.meta.url))
const run = promisify(execFile)

/** One cold start of a side in a fresh process of this leg's Node. */
async function coldStart(side) {
  const { stdout } = await run(process.execPath, [script, side === 'mock' ? 'mock' : 'msw'], { timeout: 60_000 })
  return JSON.parse(stdout.trim().split('\n').at(-1))
}

progress('cold-start: fresh processes, import + setupMockServer() + listen() + first request vs msw setupServer()')
const paired = await pairedRounds({
  quick,
  capSeconds,
  measure: coldStart,
  ratios: { time: (mock, baseline) => mock.ms / baseline.ms },
})
const part = (side, field) => sideMedian(paired[side], field).toFixed(0)
await report({
  rows: [
    ratioRow(
      'cold start in a fresh process: import + setupMockServer() + listen() + first GET /assets ÷ msw setupServer() with one static handler, time',
      paired,
      'time',
      { atMost: 1.25, text: '≤ 1.25' },
      `${part('mock', 'ms')} vs ${part('baseline', 'ms')} ms; import ${part('mock', 'importMs')} vs ${part('baseline', 'importMs')}, set-up and listen ${part('mock', 'listenMs')} vs ${part('baseline', 'listenMs')}, first request ${part('mock', 'requestMs')} vs ${part('baseline', 'requestMs')} ms`,
    ),
  ],
  data: paired,
})
