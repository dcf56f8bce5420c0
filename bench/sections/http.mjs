// Request rates over real HTTP on 127.0.0.1, each server in a process of its
// own and autocannon (10 connections) in this one: the standalone server
// against a bare node:http server answering the same bytes, and GET
// /conversations against json-server 0.17 serving the same conversations.
// Paired rounds of one run of each; p50/p99 latency beside every rate.
// POST /conversations/create runs last and without a reset between rounds:
// the store grows as it would in a long-running demo.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ms, thousands } from '../lib/format.mjs'
import { load } from '../lib/load.mjs'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'
import { withServers } from '../lib/servers.mjs'

/** The asset every GET /asset/{id} run reads: debounce.ts of the embedded fixtures, with tags, websites and a conversation. */
const BENCH_ASSET_ID = '0a0a0a0a-0000-4000-8000-000000000001'
const CREATE_BODY = JSON.stringify({ type: 'COPILOT', name: 'Bench conversation' })
const ROUTES = {
  asset: { name: 'GET /asset/{id}', method: 'GET', path: `/asset/${BENCH_ASSET_ID}` },
  list: { name: 'GET /conversations', method: 'GET', path: '/conversations' },
  create: { name: 'POST /conversations/create', method: 'POST', path: '/conversations/create', body: CREATE_BODY },
}

const { quick = false, seconds = 0.3, warmUpSeconds = 0.5, capSeconds = 18 } = sectionOptions()
const rows = []
const data = {}
const dir = await mkdtemp(join(tmpdir(), 'cam-bench-'))

try {
  await withServers(async (servers) => {
    const mock = await servers.start('mock-server.mjs')
    const bare = await servers.start('bare-server.mjs')
    const mirrored = await bare.call('mirror', { base: mock.url, routes: Object.values(ROUTES) })
    const bytesOf = Object.fromEntries(
      await Promise.all(
        Object.entries(ROUTES).map(async ([key, route]) => [
          key,
          route.method === 'GET'
            ? (await (await fetch(new URL(route.path, mock.url))).arrayBuffer()).byteLength
            : undefined,
        ]),
      ),
    )
    progress(`http: bare node:http mirrors ${mirrored.routes} routes of the mock`)

    // Mock against bare node:http on one route.
    const versusBare = async (key, target, note) => {
      const route = ROUTES[key]
      const before = await mock.call('count')
      const paired = await compare(route, mock, bare, `${route.name}, mock vs bare node:http`)
      const after = await mock.call('count')
      data[key] = { ...paired, before, after }
      const growth =
        route.method === 'POST' ? `; no reset: ${before.conversations} → ${after.conversations} conversations` : ''
      rows.push(
        ratioRow(
          `standalone ${route.name}${bytesOf[key] ? ` (${(bytesOf[key] / 1000).toFixed(1)} kB)` : ''} ÷ bare node:http${note ?? ''}`,
          paired,
          'rate',
          target,
          `${rateDetails(paired)}${growth}`,
        ),
      )
    }

    await versusBare('asset', { atLeast: 0.95, text: '≥ 0.95' })
    await versusBare('list', { atLeast: 0.95, text: '≥ 0.95' })

    // GET /conversations against json-server 0.17 serving the same conversations.
    const list = JSON.parse(
      Buffer.from(await (await fetch(new URL(ROUTES.list.path, mock.url))).arrayBuffer()).toString('utf8'),
    )
    const dbPath = join(dir, 'db.json')
    await writeFile(dbPath, JSON.stringify({ conversations: list.iterable }))
    const jsonServer = await servers.start('json-server.mjs', [dbPath])
    const paired = await compare(ROUTES.list, mock, jsonServer, 'GET /conversations, mock vs json-server 0.17')
    data.jsonServer = paired
    rows.push(
      ratioRow(
        'standalone GET /conversations ÷ json-server 0.17 serving the same array',
        paired,
        'rate',
        { atLeast: 1.5, text: '≥ 1.5' },
        rateDetails(paired),
        1,
      ),
    )
    await jsonServer.stop()

    await versusBare('create', { atLeast: 0.7, text: '≥ 0.7' }, ' answering a fixed create')
  })
} finally {
  await rm(dir, { recursive: true, force: true })
}

await report({ rows, data: { seconds, connections: 10, ...data } })

function compare(route, mock, baseline, label) {
  progress(`http: ${label}`)
  return pairedRounds({
    quick,
    capSeconds,
    measure: (side, round) =>
      load(side === 'mock' ? mock.url : baseline.url, route, round < 0 ? warmUpSeconds : seconds),
    between: (side) => (side === 'mock' ? mock : baseline).settle(),
    ratios: { rate: (m, b) => m.rate / b.rate },
  })
}

function rateDetails(paired) {
  const m = (field) => sideMedian(paired.mock, field)
  const b = (field) => sideMedian(paired.baseline, field)
  return `${thousands(m('rate'))} vs ${thousands(b('rate'))} req/s, p50 ${ms(m('p50'))} vs ${ms(b('p50'))} ms, p99 ${ms(m('p99'))} vs ${ms(b('p99'))} ms`
}
