// Sessions: one standalone server (in this process) holding `sessions` mock sessions at once
// (--max-sessions), each made by its first request (GET /conversations with x-mock-session) and
// read again by a second. Reports what a session costs: the first request's time over the second's
// (making the session's mock is the difference), the milliseconds of each, and the heap and resident
// memory the server grew by per session and in all (after a full collection), against the budget
// that docs/performance.md states for 1,000 sessions.
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { plainRow } from '../lib/paired.mjs'
import { collectGarbage, median } from '../lib/stats.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

/** The heap 1,000 sessions may take on one server (docs/performance.md, "Sessions at scale"). */
const BUDGET_MIB_PER_1000 = 512
const { sessions = 1000 } = sectionOptions()
const server = await startStandaloneServer({ port: 0, host: '127.0.0.1', maxSessions: sessions })
const read = async (session) => {
  const started = performance.now()
  const response = await fetch(`${server.url}/conversations`, { headers: { 'x-mock-session': session } })
  await response.arrayBuffer()
  if (response.status !== 200)
    throw new Error(`Failed to read session ${session}: GET /conversations answered ${response.status}.`)
  return performance.now() - started
}
// The default mock and the code of a session's first request, before anything is counted.
await read('warm-up')
await read('warm-up')
collectGarbage()
const before = process.memoryUsage()
const first = []
const again = []
for (let n = 0; n < sessions; n++) {
  first.push(await read(`s${n}`))
  again.push(await read(`s${n}`))
  if ((n + 1) % 250 === 0) progress(`sessions: ${n + 1} of ${sessions}`)
}
collectGarbage()
const after = process.memoryUsage()
await server.close()

const mib = (bytes) => bytes / 2 ** 20
const heapMiB = mib(after.heapUsed - before.heapUsed)
const rssMiB = mib(after.rss - before.rss)
const budget = (BUDGET_MIB_PER_1000 * sessions) / 1000
const data = {
  sessions,
  firstMs: median(first),
  againMs: median(again),
  heapMiB,
  rssMiB,
  rssTotalMiB: mib(after.rss),
  budgetMiB: budget,
}
const rows = [
  plainRow(
    `a new mock session on the standalone server: its first GET /conversations ÷ the next (median of ${sessions.toLocaleString('en')})`,
    `${(data.firstMs / data.againMs).toFixed(1)} (${data.firstMs.toFixed(2)} vs ${data.againMs.toFixed(2)} ms)`,
  ),
  plainRow(
    `${sessions.toLocaleString('en')} sessions on one server: heap grown (resident grown; resident in all)`,
    `${heapMiB.toFixed(0)} MiB, ${((heapMiB * 1024) / sessions).toFixed(0)} KiB a session (${rssMiB.toFixed(0)} MiB; ${data.rssTotalMiB.toFixed(0)} MiB)`,
    `≤ ${budget.toFixed(0)} MiB heap`,
    heapMiB <= budget ? 'yes' : 'no',
  ),
]
await report({ rows, data })
