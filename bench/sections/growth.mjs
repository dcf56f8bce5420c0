// How the store scales: id lookups, the GET /conversations payload, reset and
// snapshot/restore at growing record counts (N assets and N conversations).
import { createMockService } from 'conversation-asset-mock'
import { importInternal } from '../lib/package.mjs'
import { pairedRounds, plainRow, ratioRow } from '../lib/paired.mjs'
import { collectGarbage, countRecords, median, medianOf, timeEach } from '../lib/stats.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

import { generateFixtures } from 'conversation-asset-mock'
const { createWireRenderer } = await importInternal('dist/wire/wire-renderer.js')

const {
  quick = false,
  scales = [1000, 10_000, 100_000],
  rounds = 5,
  capSeconds = { 1000: 4, 10000: 15, 100000: 5 },
} = sectionOptions()
const EMPTY_QUERY = new URLSearchParams()
const results = []

// Warm the code paths up on the embedded fixtures, so the first scale does not pay for compiling them.
{
  const warm = createMockService()
  await warm.ready
  const operation = warm.operations.find((candidate) => candidate.id === 'conversationsSnapshot')
  const renderer = createWireRenderer(warm.store)
  const wire = (transferables) => renderer.answer({ now: warm.store.clock.now(), transferables, keep: true })
  for (let i = 0; i < 200; i++)
    JSON.stringify(
      (await operation.run({ request: { params: {}, query: EMPTY_QUERY, body: undefined }, store: warm.store, wire }))
        .json,
    )
  warm.close()
}

for (const scale of scales) {
  progress(`growth: ${scale} assets + ${scale} conversations`)
  collectGarbage()
  // Two messages per conversation keep the 100k scale within the bench's time; lookups and lists do not depend on it.
  const fixtures = generateFixtures({ seed: 7, assets: scale, conversations: scale, messages: { min: 2, max: 2 } })
  const records = countRecords(fixtures)
  // The 100k scale counts about 600 MB against the store's budget, past the 512 MiB default: a store of this size
  // is started with a budget to hold it, as a user would with --max-store-bytes.
  const service = createMockService({ fixtures, maxStoreBytes: 2 * 1024 ** 3 })
  await service.ready
  const { store } = service

  // Id lookups: the same number (1,024) of distinct existing ids of both kinds
  // at every scale, spread over the whole store; 1M lookups per round.
  const kinds = []
  const ids = []
  for (let i = 0; i < 1024; i++) {
    const kind = i % 2 === 0 ? 'asset' : 'conversation'
    kinds.push(kind)
    ids.push(fixtures[kind][Math.floor(((i >> 1) * scale) / 512)].id)
  }
  let found = 0
  const lookupNs =
    (await medianOf(rounds, () =>
      timeEach((i) => {
        if (store.get(kinds[i & 1023], ids[i & 1023])) found++
      }, 1_000_000),
    )) * 1e6
  if (found === 0) throw new Error('Failed to look records up: no id was found. Check the generated fixtures.')

  // The GET /conversations payload: the operation's run, and run + JSON.stringify
  // against JSON.stringify of a prebuilt identical payload.
  const snapshot = service.operations.find((operation) => operation.id === 'conversationsSnapshot')
  // As a GET runs: through the store's renderer keeping what it builds, so the
  // per-record serializations are kept; the answer cache itself is left out.
  const request = { params: {}, query: EMPTY_QUERY, body: undefined }
  const renderer = createWireRenderer(store)
  const wire = (transferables) => renderer.answer({ now: store.clock.now(), transferables, keep: true })
  const run = () => snapshot.run({ request, store, wire })
  const listRounds = scale >= 100_000 ? 2 : rounds
  const iterations = Math.max(1, Math.round(20_000 / scale))
  // The first build serializes every conversation (cold); later ones reuse the
  // per-record serializations until a record changes or its readable texts would.
  const coldStarted = performance.now()
  const first = (await run()).json
  const listColdMs = performance.now() - coldStarted
  const prebuilt = JSON.parse(JSON.stringify(first))
  const listMs = await medianOf(listRounds, () => timeEach(() => run(), iterations))
  // Paired rounds: run + stringify against stringify of the prebuilt payload, one of each per round.
  const versusStringify = await pairedRounds({
    quick,
    capSeconds: capSeconds[scale] ?? 10,
    measure: (side) =>
      timeEach(
        side === 'mock' ? async () => JSON.stringify((await run()).json) : () => JSON.stringify(prebuilt),
        iterations,
      ),
    ratios: { time: (mock, baseline) => mock / baseline },
  })
  const listAndStringifyMs = median(versusStringify.mock)
  const stringifyMs = median(versusStringify.baseline)

  // Snapshot, restore and reset of the whole store.
  const snapshotMs = await medianOf(listRounds, () => timeEach(() => service.snapshot(), 1))
  const taken = service.snapshot()
  const restoreMs = await medianOf(listRounds, () => timeEach(() => service.restore(taken), 1))
  const resetMs = await medianOf(listRounds, () => timeEach(() => service.reset(), 1))

  results.push({
    scale,
    records,
    lookupNs,
    listColdMs,
    listColdUsPerConversation: (listColdMs * 1000) / scale,
    listMs,
    listUsPerConversation: (listMs * 1000) / scale,
    listAndStringifyMs,
    stringifyMs,
    versusStringify,
    snapshotMs,
    restoreMs,
    resetMs,
  })
  service.close()
}

const growth = {
  results,
  lookupSpread: spread(results.map((r) => r.lookupNs)),
  listPerConversationSpread: spread(results.map((r) => r.listUsPerConversation)),
  listColdPerConversationSpread: spread(results.map((r) => r.listColdUsPerConversation)),
}
await report({ rows: rowsOf(growth), data: growth })

function rowsOf({ results, lookupSpread, listColdPerConversationSpread, listPerConversationSpread }) {
  const rows = []
  const fixed = (value, digits = 2) => value.toFixed(digits)
  const check = (ok) => (ok ? 'yes' : 'no')
  for (const scale of results) {
    const label = `${scale.scale / 1000}k+${scale.scale / 1000}k (${scale.records} records)`
    rows.push(
      plainRow(
        `store.get (1,024 ids over the store) at ${label}`,
        `${fixed(scale.lookupNs / 1000, 3)} µs`,
        '< 5 µs, flat',
        check(scale.lookupNs < 5000),
      ),
    )
    rows.push(
      plainRow(
        `GET /conversations payload at ${label}`,
        `${fixed(scale.listColdMs)} ms cold, ${fixed(scale.listMs)} ms warm (${fixed(scale.listColdUsPerConversation)} / ${fixed(scale.listUsPerConversation)} µs each)`,
        'linear',
      ),
    )
    const target = scale.scale === 10_000 ? { atMost: 2, text: '≤ 2' } : undefined
    const details = `${fixed(scale.listAndStringifyMs)} vs ${fixed(scale.stringifyMs)} ms`
    rows.push(
      ratioRow(
        `  run+stringify ÷ stringify of the same payload at ${label}`,
        scale.versusStringify,
        'time',
        target,
        details,
      ),
    )
    rows.push(
      plainRow(
        `  snapshot / restore / reset at ${label}`,
        `${fixed(scale.snapshotMs)} / ${fixed(scale.restoreMs, 0)} / ${fixed(scale.resetMs, 0)} ms`,
      ),
    )
  }
  rows.push(plainRow('store.get spread (largest ÷ smallest)', fixed(lookupSpread), 'flat'))
  rows.push(
    plainRow(
      'list µs/conversation spread, cold / warm (largest ÷ smallest)',
      `${fixed(listColdPerConversationSpread)} / ${fixed(listPerConversationSpread)}`,
      'linear',
    ),
  )
  return rows
}

/** Largest over smallest: 1 is perfectly flat. */
function spread(values) {
  return Math.max(...values) / Math.min(...values)
}
