// User-space instructions per request of each build's standalone server and of
// a bare node:http server answering the mock's recorded bytes, counted by
// valgrind's callgrind (`apt-get install valgrind`). Unlike time or CPU, a count
// does not move with how busy the machine is: two runs of one build agree
// within about 1 %, so a change of a few percent shows in one run. Each side
// is counted twice, after WARM and after WARM + MEASURED requests from one
// connection (the server run by `node --single-threaded --predictable`, its
// collector and compiler on the main thread), and the difference divided by
// MEASURED: start-up and the code's first compilation fall out, so the
// measured requests run optimized code. Kernel time (the socket writes) is not
// counted: the ratio to bare is lower than a CPU or time ratio. Linux only.
//
// Usage: node bench/instructions.mjs ROUTE BUILD [BUILD…]
// where ROUTE is create, asset or conversations and each BUILD a directory
// holding a server.js entry (a copy of dist/esm). WARM and MEASURED default to
// 3,000 and 8,000 (INSTRUCTIONS_WARM, INSTRUCTIONS_MEASURED in the environment).
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { Agent, createServer, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROUTES = {
  create: {
    method: 'POST',
    path: '/conversations/create',
    body: JSON.stringify({ type: 'COPILOT', name: 'Bench conversation' }),
  },
  asset: { method: 'GET', path: '/asset/0a0a0a0a-0000-4000-8000-000000000001' },
  conversations: { method: 'GET', path: '/conversations' },
}
const WARM = Number(process.env.INSTRUCTIONS_WARM ?? 3000)
const MEASURED = Number(process.env.INSTRUCTIONS_MEASURED ?? 8000)

if (process.argv[2] === '--serve') await serve(process.argv[3], process.argv[4])
else await compare(process.argv[2], process.argv.slice(3))

/** A build's standalone server (`mock BUILD`) or a bare one answering a recorded reply (`bare FILE`); prints its URL. */
async function serve(kind, source) {
  process.on('SIGTERM', () => process.exit(0))
  if (kind === 'mock') {
    const { startStandaloneServer } = await import(`${resolve(source)}/server.js`)
    const server = await startStandaloneServer({ port: 0, host: '127.0.0.1', quiet: true })
    console.log(`URL ${server.url}`)
    return
  }
  const reply = JSON.parse(readFileSync(source, 'utf8'))
  const body = Buffer.from(reply.body)
  const server = createServer((incoming, response) => {
    const send = () => {
      response.writeHead(reply.status, reply.headers)
      response.end(body)
    }
    if (incoming.method === 'GET') {
      incoming.resume()
      send()
    } else {
      incoming.on('data', () => undefined)
      incoming.on('end', send)
    }
  })
  server.listen(0, '127.0.0.1', () => console.log(`URL http://127.0.0.1:${server.address().port}`))
}

async function compare(routeName, builds) {
  const route = ROUTES[routeName]
  if (!route || builds.length === 0)
    throw new Error(
      `Failed to count instructions: ${route ? 'no build given' : `no route "${routeName}"`}. Pass create, asset or conversations, then directories holding a server.js (copies of dist/esm).`,
    )
  const recorded = join(tmpdir(), `instructions-reply-${process.pid}.json`)
  await recordReply(builds[0], route, recorded)
  const sides = [...builds.map((build) => ['mock', build]), ['bare', recorded]]
  const counts = []
  for (const [kind, source] of sides) {
    const [warm, whole] = await Promise.all([
      count(kind, source, route, WARM),
      count(kind, source, route, WARM + MEASURED),
    ])
    counts.push((whole - warm) / MEASURED)
  }
  rmSync(recorded, { force: true })
  const bare = counts.at(-1)
  sides.forEach(([kind, source], at) => {
    const name = kind === 'bare' ? 'bare node:http' : source
    console.log(
      `${name}: ${Math.round(counts[at]).toLocaleString('en')} instructions a request; bare ÷ this ${(bare / counts[at]).toFixed(3)}; this ÷ first ${(counts[at] / counts[0]).toFixed(3)}`,
    )
  })
}

/** Records the first build's reply to the route (status, headers, body), as the bare server will send it. */
async function recordReply(build, route, file) {
  const { writeFileSync } = await import('node:fs')
  const server = await startSide('node', [], 'mock', build)
  const { status, headers, body } = await send(server.url, route, new Agent({ keepAlive: false }))
  delete headers.date
  delete headers.connection
  delete headers['keep-alive']
  writeFileSync(file, JSON.stringify({ status, headers, body }))
  await server.stop()
}

/** The instructions of a server's whole life, answering `requests` requests of the route one at a time. */
async function count(kind, source, route, requests) {
  const out = join(tmpdir(), `instructions-${process.pid}-${kind}-${requests}.out`)
  const flags = ['--single-threaded', '--predictable']
  const server = await startSide(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${out}`, 'node', ...flags],
    kind,
    source,
  )
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  for (let sent = 0; sent < requests; sent++) {
    const { status } = await send(server.url, route, agent)
    if (status >= 300)
      throw new Error(`Failed to count instructions: ${route.path} answered ${status}. Check the build.`)
  }
  agent.destroy()
  const log = await server.stop()
  rmSync(out, { force: true })
  const collected = /Collected : (\d+)/.exec(log)
  if (!collected)
    throw new Error(`Failed to count instructions: valgrind printed no count. Is it installed? ${log.slice(-300)}`)
  return Number(collected[1])
}

/** Starts this file's server with `command` and `args` before it; resolves with its URL and a `stop()` that hands back its stderr. */
async function startSide(command, args, kind, source) {
  const child = spawn(command, [...args, fileURLToPath(import.meta.url), '--serve', kind, source], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stderr.on('data', (data) => (log += data))
  const url = await new Promise((resolveUrl, reject) => {
    let printed = ''
    child.stdout.on('data', (data) => {
      printed += data
      const found = /URL (\S+)/.exec(printed)
      if (found) resolveUrl(found[1])
    })
    child.on('exit', () => reject(new Error(`Failed to start the ${kind} server: it exited. ${log.slice(-300)}`)))
  })
  const stop = async () => {
    const exited = new Promise((done) => child.on('exit', done))
    child.kill('SIGTERM')
    await exited
    return log
  }
  return { url, stop }
}

/** Sends the route's request and reads the whole answer. */
function send(url, route, agent) {
  return new Promise((resolveAnswer, reject) => {
    const headers = route.body
      ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(route.body) }
      : {}
    const outgoing = request(new URL(route.path, url), { method: route.method, agent, headers }, (answer) => {
      const chunks = []
      answer.on('data', (chunk) => chunks.push(chunk))
      answer.on('end', () =>
        resolveAnswer({
          status: answer.statusCode,
          headers: { ...answer.headers },
          body: Buffer.concat(chunks).toString(),
        }),
      )
    })
    outgoing.on('error', reject)
    outgoing.end(route.body)
  })
}
