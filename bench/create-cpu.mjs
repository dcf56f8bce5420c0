// Server CPU per POST /conversations/create, from /proc: each build's
// standalone server and a bare node:http server answering the mock's recorded
// create, each in a process of its own, loaded in rotating order with a fixed
// number of creates from 10 connections. CPU time per request does not depend
// on how busy the machine is the way request rates do, so builds can be
// compared side by side on a shared machine. Linux only.
//
// Usage: node bench/create-cpu.mjs ROUNDS CREATES BUILD [BUILD…]
// where each BUILD is a directory holding a server.js entry (a copy of dist/esm),
// optionally followed by Node flags for its process after commas
// (`.tmp/builds/head,--max-semi-space-size=32`).
// Prints each side's median CPU µs per create (every thread, from schedstat), its range, bare ÷ build per round,
// and build ÷ the first build per round (the median, and in how many rounds it was lower).
import { fork } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { load } from './lib/load.mjs'
import { startServer } from './lib/servers.mjs'

const ROUTE = {
  method: 'POST',
  path: '/conversations/create',
  body: JSON.stringify({ type: 'COPILOT', name: 'Bench conversation' }),
}

if (process.argv[2] === '--serve') await serve(process.argv[3])
else await compare(process.argv.slice(2))

/** A build's standalone server, as `npm start` runs it, answering `close` over IPC. */
async function serve(build) {
  const { startStandaloneServer } = await import(pathToFileURL(`${build}/server.js`).href)
  const server = await startStandaloneServer({ maxConnections: 4096, port: 0, host: '127.0.0.1' })
  process.on('message', (message) => {
    if (message === 'close') void server.close().then(() => process.exit(0))
  })
  process.send({ type: 'ready', url: server.url })
}

async function compare([rounds = '9', creates = '6000', ...builds]) {
  if (builds.length === 0)
    throw new Error(
      'Failed to compare creates: no build given. Pass a directory holding a server.js (a copy of dist/esm).',
    )
  const sides = []
  for (const name of builds) {
    const [build, ...flags] = name.split(',')
    const child = fork(fileURLToPath(import.meta.url), ['--serve', build], {
      execArgv: [...process.execArgv, ...flags],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const url = await new Promise((resolve) => child.on('message', (m) => m?.type === 'ready' && resolve(m.url)))
    sides.push({ name, url, pid: child.pid, stop: () => child.send('close'), cpu: [] })
  }
  const bare = await startServer('bare-server.mjs')
  await bare.call('mirror', { base: sides[0].url, routes: [ROUTE] })
  sides.push({ name: 'bare node:http', url: bare.url, pid: bare.pid, stop: () => bare.stop(), cpu: [] })
  for (const side of sides) await load(side.url, ROUTE, { amount: 3000 })
  for (let round = 0; round < Number(rounds); round++) {
    for (let at = 0; at < sides.length; at++) {
      const side = sides[(at + round) % sides.length]
      const before = cpuNanoseconds(side.pid)
      await load(side.url, ROUTE, { amount: Number(creates) })
      side.cpu.push((cpuNanoseconds(side.pid) - before) / 1000 / Number(creates))
    }
  }
  const bareCpu = sides.at(-1).cpu
  const firstCpu = sides[0].cpu
  for (const side of sides) {
    const ratios = side.cpu.map((cpu, round) => bareCpu[round] / cpu)
    const paired = side.cpu.map((cpu, round) => cpu / firstCpu[round])
    const lower = paired.filter((ratio) => ratio < 1).length
    console.log(
      `${side.name}: ${median(side.cpu).toFixed(1)} µs CPU a create (${range(side.cpu, 1)}); bare ÷ this ${median(ratios).toFixed(2)} (${range(ratios, 2)}); this ÷ first ${median(paired).toFixed(3)} (${lower} of ${paired.length} lower)`,
    )
  }
  for (const side of sides) await side.stop()
  process.exit(0)
}

/** CPU time in nanoseconds of every thread of a process (the collector's included), from /proc/<pid>/task/<tid>/schedstat. */
function cpuNanoseconds(pid) {
  let total = 0
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // A thread that ended between the listing and the read: its time is still in the process's, not counted here.
    }
  }
  return total
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1]
}

function range(values, digits) {
  return `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`
}
