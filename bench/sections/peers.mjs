// The mock against the mocks a team would compare it with: json-server 0.17, Mockoon's CLI 9, Prism 5
// and WireMock 3.13, and bare node:http, each started by the bench as a command of its own (the mock as
// `npm start` runs it: its CLI on the embedded fixtures) and serving the mock's own answers to GET
// /conversations, GET /asset/{id} and POST /conversations/create (json-server and Mockoon store the
// posted body instead, and json-server prints its JSON with indentation, as they do). Measured:
// start-up (spawn → first answer), then req/s, p50, p99 per route in rounds that visit every server in
// a rotating order (autocannon, 10 connections), then resident memory. The mock's store grows through
// the create runs, as in a long-running demo. The peers install into bench/peers on the first run.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ms, thousands } from '../lib/format.mjs'
import { load } from '../lib/load.mjs'
import { versions } from '../lib/package.mjs'
import { PEER_NAMES, peerCommand, preparePeers, writePeerFiles } from '../lib/peers.mjs'
import { freePort, spawnServer } from '../lib/process-tree.mjs'
import { plainRow, ratioRow } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'
import { medianInterval } from '../lib/stats.mjs'

const BENCH_ASSET_ID = '0a0a0a0a-0000-4000-8000-000000000001'
const CREATE_BODY = JSON.stringify({ type: 'COPILOT', name: 'Bench conversation' })
const ROUTES = {
  list: { name: 'GET /conversations', method: 'GET', path: '/conversations' },
  asset: { name: 'GET /asset/{id}', method: 'GET', path: `/asset/${BENCH_ASSET_ID}` },
  create: { name: 'POST /conversations/create', method: 'POST', path: '/conversations/create', body: CREATE_BODY },
}
const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])
const MOCK = 'mock'
const BARE = 'bare node:http'

const {
  quick = false,
  peersDir = fileURLToPath(new URL('../peers/', import.meta.url)),
  startRounds = quick ? 3 : 4,
  rounds = quick ? 3 : 5,
  seconds = quick ? 0.5 : 1,
  warmUpSeconds = quick ? 0.5 : 1,
} = sectionOptions()

const { java } = await preparePeers(peersDir, progress)
const peers = PEER_NAMES.filter((name) => java || !name.startsWith('WireMock'))
const dir = await mkdtemp(join(tmpdir(), 'cam-peers-'))
const rows = []
const data = { rounds, seconds, connections: 10 }
const running = []
try {
  await writePeerFiles(dir, await recordAnswers(), { assetId: BENCH_ASSET_ID })
  const names = [MOCK, BARE, ...peers]
  data.startUp = await startUpRounds(names)
  rows.push(...startUpRows(data.startUp, peers))
  for (const name of names) running.push(await start(name))
  data.routes = {}
  for (const [key, route] of Object.entries(ROUTES)) {
    const runs = await loadRounds(route, running)
    data.routes[key] = runs
    rows.push(...loadRows(route, runs, peers))
  }
  data.rssMiB = Object.fromEntries(running.map((server) => [server.name, (server.rss() ?? Number.NaN) / 2 ** 20]))
  rows.push(
    plainRow(
      'resident memory after the load runs (the process and its children), MiB',
      running.map((server) => `${server.name} ${data.rssMiB[server.name].toFixed(0)}`).join(', '),
    ),
  )
} finally {
  await Promise.all(running.map((server) => server.stop()))
  await rm(dir, { recursive: true, force: true })
}
await report({ rows, data })

/** The command that starts `name` on a free port, started and answering. */
async function start(name) {
  const port = await freePort()
  const command =
    name === MOCK
      ? {
          command: process.execPath,
          args: [join(versions().packagePath, 'dist/cli/main.js'), '--port', port, '--quiet'],
        }
      : name === BARE
        ? {
            command: process.execPath,
            args: [
              fileURLToPath(new URL('../servers/static-server.mjs', import.meta.url)),
              port,
              join(dir, 'bare-answers.json'),
            ],
          }
        : peerCommand(name, { peersDir, dir, port })
  return spawnServer({ name, ...command, port, probe: ROUTES.list.path, cwd: dir })
}

/** The mock's answers to the three routes, as bytes, from a mock started for that alone. */
async function recordAnswers() {
  const mock = await start(MOCK)
  try {
    const answers = {}
    for (const [key, route] of Object.entries(ROUTES)) {
      const response = await fetch(`${mock.url}${route.path}`, {
        method: route.method,
        ...(route.body && { body: route.body, headers: { 'content-type': 'application/json' } }),
      })
      const headers = {}
      for (const [name, value] of response.headers) if (!DROPPED_HEADERS.has(name)) headers[name] = value
      answers[key] = { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) }
    }
    return answers
  } finally {
    await mock.stop()
  }
}

/** Spawn → first answer of each server, `startRounds` times, in a rotating order; each stopped before the next starts. */
async function startUpRounds(names) {
  const times = Object.fromEntries(names.map((name) => [name, []]))
  const cpu = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round < startRounds; round++) {
    progress(`peers: start-up round ${round + 1} of ${startRounds}`)
    for (const name of rotate(names, round)) {
      const server = await start(name)
      times[name].push(server.startMs)
      cpu[name].push(server.startCpuMs)
      await server.stop()
    }
  }
  return { times, cpu }
}

/** One warm-up run of each server, then `rounds` rounds of one run each, in a rotating order. */
async function loadRounds(route, servers) {
  progress(`peers: ${route.name} on ${servers.map((server) => server.name).join(', ')}`)
  const runs = Object.fromEntries(servers.map((server) => [server.name, []]))
  for (const server of servers) {
    await loadServer(server, route, warmUpSeconds)
    await server.settle()
  }
  for (let round = 0; round < rounds; round++) {
    for (const server of rotate(servers, round)) {
      runs[server.name].push(await loadServer(server, route, seconds))
      await server.settle()
    }
  }
  return runs
}

/** One run; a server that answered nothing in that time (a slow peer on a loaded machine) gets one run four times as long. */
async function loadServer(server, route, length) {
  try {
    return await load(server.url, route, length)
  } catch (error) {
    if (!/no request was answered/.test(error.message)) throw new Error(`${server.name}: ${error.message}`)
    progress(`peers: ${server.name} answered nothing in ${length} s; running ${length * 4} s`)
    return load(server.url, route, length * 4).catch((again) => {
      throw new Error(`${server.name}: ${again.message}`)
    })
  }
}

function startUpRows({ times, cpu }, names) {
  const medianMs = (name) => medianInterval(times[name]).median
  const cpuMs = (name) => medianInterval(cpu[name]).median
  return [BARE, ...names].map((name) =>
    ratioRow(
      `start-up, spawn → first answer: the mock's CLI on its fixtures ÷ ${name}, time`,
      paired(times[MOCK].map((mockMs, round) => mockMs / times[name][round])),
      'value',
      name.startsWith('json-server') ? { atMost: 1.3, text: '≤ 1.3' } : undefined,
      `${medianMs(MOCK).toFixed(0)} vs ${medianMs(name).toFixed(0)} ms; CPU until then ${cpuMs(MOCK).toFixed(0)} vs ${cpuMs(name).toFixed(0)} ms`,
    ),
  )
}

function loadRows(route, runs, names) {
  const field = (name, key) => medianInterval(runs[name].map((run) => run[key])).median
  return [BARE, ...names].map((name) =>
    ratioRow(
      `standalone ${route.name}: mock ÷ ${name}, req/s`,
      paired(runs[MOCK].map((mockRun, round) => mockRun.rate / runs[name][round].rate)),
      'value',
      name === BARE ? undefined : { atLeast: 1, text: '≥ 1 (ahead)' },
      `${thousands(field(MOCK, 'rate'))} vs ${thousands(field(name, 'rate'))} req/s, p50 ${ms(field(MOCK, 'p50'))} vs ${ms(field(name, 'p50'))} ms, p99 ${ms(field(MOCK, 'p99'))} vs ${ms(field(name, 'p99'))} ms`,
      name === BARE ? 2 : 1,
    ),
  )
}

/** The shape ratioRow reads, for ratios of fixed rounds. */
function paired(values) {
  return {
    rounds: values.length,
    stoppedBy: quick ? 'quick' : 'rounds',
    bound: 1,
    ratios: { value: { ...medianInterval(values), values } },
  }
}

/** `list` starting at `round` (mod its length), reversed on odd rounds, so no server always follows the same one. */
function rotate(list, round) {
  const turned = [...list.slice(round % list.length), ...list.slice(0, round % list.length)]
  return round % 2 === 0 ? turned : turned.reverse()
}
