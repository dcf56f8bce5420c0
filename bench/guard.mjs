// CI's bench guards: what must hold as operation families land. On each leg (Node 20 + msw 2,
// Node 22 + msw 3, or --leg=NAME), runs three sections of the bench and checks
//   - the cold start (a fresh process: import, set up, listen, first answer) ÷ MSW's own, ≤ bench/guards.json's limit;
//   - in process, GET /asset/{id} ÷ a static MSW handler, ≤ 1.0;
//   - the browser entry's first load, gzip bytes, ≤ the figure recorded in bench/guards.json + 10%.
// The two ratios are paired rounds against a baseline measured in the same run, so a loaded
// machine slows both sides alike. A ratio fails only when the whole 95% interval of its median lies
// past the target (with the quick run's 4 rounds, every round's ratio), and then only when a second
// run, made at once, says the same: noise widens the interval, it does not move it, so noise alone
// cannot fail the guard; a change that makes the mock slower moves every round. The bundle is bytes,
// which do not vary from run to run.
// Usage: node --expose-gc bench/guard.mjs [--leg=20-msw2|22-msw3|both] [--record] (after npm run build)
// --record writes the browser first load measured now into bench/guards.json (when a change means
// to make it larger: say why in the commit).
import { readFile, writeFile } from 'node:fs/promises'
import { LEGS, prepareLeg } from './lib/legs.mjs'
import { runSection } from './lib/section.mjs'

const args = process.argv.slice(2)
const legArg = args.find((arg) => arg.startsWith('--leg='))?.slice('--leg='.length) ?? 'both'
const legNames = legArg === 'both' ? Object.keys(LEGS) : [legArg]
const record = args.includes('--record')
const guardsUrl = new URL('./guards.json', import.meta.url)
const guards = JSON.parse(await readFile(guardsUrl, 'utf8'))
const log = (text) => process.stderr.write(`  ${text}\n`)

/** The row of a section's result whose figure starts with `prefix`. */
function rowOf(result, prefix) {
  const row = result.rows.find((each) => each.figure.startsWith(prefix))
  if (!row) throw new Error(`Failed to guard the bench: no row starts with "${prefix}". Update bench/guards.json.`)
  return row
}

/** One ratio guard on a leg: a quick paired run, and a second one only when the first is wholly past the target. */
async function ratioGuard(leg, file, { figure, atMost }) {
  const attempts = []
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = rowOf(await runSection(leg, file, { quick: true }), figure)
    attempts.push(`${row.median.toFixed(2)} (${row.low.toFixed(2)}–${row.high.toFixed(2)})`)
    if (row.low <= atMost) return { ok: true, text: `${figure}: ${attempts.join(', then ')} ≤ ${atMost}` }
  }
  return {
    ok: false,
    text: `${figure}: ${attempts.join(', then ')}, every round past ${atMost} in both runs`,
  }
}

/** The bundle guard: bytes against the recorded figure and its margin. */
async function bundleGuard(leg) {
  const weight = await runSection(leg, 'weight.mjs', { quick: true })
  const measured = weight.data.bundle.firstLoadGzip
  const { gzipBytes, margin } = guards.browserFirstLoad
  if (record) {
    guards.browserFirstLoad = {
      ...guards.browserFirstLoad,
      gzipBytes: measured,
      recorded: new Date().toISOString().slice(0, 10),
    }
    await writeFile(guardsUrl, `${JSON.stringify(guards, null, 2)}\n`)
    return { ok: true, text: `browser first load: recorded ${measured} B gzip` }
  }
  const limit = Math.round(gzipBytes * (1 + margin))
  return {
    ok: measured <= limit,
    text: `browser first load: ${measured} B gzip, limit ${limit} (${gzipBytes} recorded + ${margin * 100}%)`,
  }
}

let failed = 0
for (const name of legNames) {
  const leg = await prepareLeg(name, log)
  const results = [
    await ratioGuard(leg, 'cold-start.mjs', guards.coldStart),
    await ratioGuard(leg, 'msw.mjs', guards.inProcess),
    await bundleGuard(leg),
  ]
  for (const { ok, text } of results) {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${text}`)
    if (!ok) failed++
  }
}
if (failed > 0) {
  console.error(
    `Failed the bench guards: ${failed} past its limit (above). Load what the new code needs on first use, not at import (docs/performance.md, "Guards").`,
  )
  process.exit(1)
}
