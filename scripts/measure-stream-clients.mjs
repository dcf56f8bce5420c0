// Measures whether HTTP is answered while idle stream clients fill the standalone server's stream
// cap: --streams clients (default 1,024, the default cap) each open the conversations identifier
// stream, read its first frame and answer pings (every second); meanwhile --probes HTTP clients
// (default 100), one after another, each send GET /.well-known/health on a connection of their
// own. Then one more upgrade is tried. Prints how the probes and that upgrade were answered. The
// server and the clients run in two processes.
// Run `npm run build` first: node scripts/measure-stream-clients.mjs [--streams 1024] [--probes 100] [--dist DIR]
import { fork } from 'node:child_process'
import { connect } from 'node:net'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

const self = fileURLToPath(import.meta.url)
const role = process.argv[2]

if (role === 'server') {
  const dist = process.argv[3]
  const { startStandaloneServer } = await import(pathToFileURL(resolve(dist, 'server/index.js')).href)
  const server = await startStandaloneServer({ port: 0, streamPingIntervalMs: 1000 })
  process.send(server.port)
  process.on('message', () => server.close().then(() => process.exit(0)))
} else {
  const { values } = parseArgs({
    options: {
      streams: { type: 'string', default: '1024' },
      probes: { type: 'string', default: '100' },
      dist: { type: 'string', default: fileURLToPath(new URL('../dist', import.meta.url)) },
    },
  })
  const { default: WebSocket } = await import('ws')
  const server = fork(self, ['server', values.dist])
  const port = await new Promise((done) => server.once('message', done))
  const url = `ws://127.0.0.1:${port}/conversations/stream/identifiers`
  // Opened a few at a time, each with its first frame (or its refusal) before the next batch.
  const streams = []
  const opened = {}
  for (let start = 0; start < Number(values.streams); start += 64) {
    const batch = Array.from({ length: Math.min(64, Number(values.streams) - start) }, () => openStream(WebSocket, url))
    for (const { socket, outcome } of await Promise.all(batch)) {
      streams.push(socket)
      opened[outcome] = (opened[outcome] ?? 0) + 1
    }
  }
  const answers = {}
  for (let probe = 0; probe < Number(values.probes); probe++) {
    const status = await healthStatus(port)
    answers[status] = (answers[status] ?? 0) + 1
  }
  const extra = await openStream(WebSocket, url)
  extra.socket.terminate()
  const stillOpen = streams.filter((socket) => socket.readyState === WebSocket.OPEN).length
  for (const socket of streams) socket.terminate()
  server.send('stop')
  console.log(JSON.stringify({ streams: opened, stillOpen, httpProbes: answers, upgradePastTheStreams: extra.outcome }))
}

/** Opens a stream client: 'open' once its first frame came, else the status that refused it. */
function openStream(WebSocket, url) {
  return new Promise((done) => {
    const socket = new WebSocket(url)
    socket.on('error', () => done({ socket, outcome: 'error' }))
    socket.on('unexpected-response', (_request, response) => done({ socket, outcome: String(response.statusCode) }))
    socket.once('message', () => done({ socket, outcome: 'open' }))
  })
}

/** The status a probe gets on a connection of its own ('closed' when none came). */
function healthStatus(port) {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('error', () => done('error'))
    socket.on('data', (chunk) => (received += chunk))
    socket.on('close', () => done(received.slice(9, 12) || 'closed'))
    socket.on('connect', () =>
      socket.write('GET /.well-known/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n'),
    )
  })
}
