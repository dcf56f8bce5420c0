// Measures whether prompt clients are answered while slow clients hold the standalone server's
// connections: --slow clients (default 1,100) each send half a request's headers, a byte a
// second, and reconnect when closed; meanwhile --prompt clients (default 98), one every 250 ms,
// each send a whole GET /.well-known/health on a connection of their own. Prints how the prompt
// ones were answered. The server, the slow clients and the prompt ones run in three processes.
// Run `npm run build` first: node scripts/measure-slow-clients.mjs [--slow 1100] [--prompt 98]
import { fork } from 'node:child_process'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const self = fileURLToPath(import.meta.url)
const role = process.argv[2]

if (role === 'server') {
  const { startStandaloneServer } = await import('../dist/server/index.js')
  const server = await startStandaloneServer({ port: 0 })
  process.send(server.port)
  process.on('message', () => server.close().then(() => process.exit(0)))
} else if (role === 'slow') {
  const [port, count] = process.argv.slice(3).map(Number)
  let reopened = 0
  const slow = () => {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    socket.on('connect', () => socket.write('GET /conversations HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: '))
    const drip = setInterval(() => socket.writable && socket.write('a'), 1000)
    socket.on('close', () => {
      clearInterval(drip)
      reopened++
      setTimeout(slow, 10)
    })
  }
  for (let client = 0; client < count; client++) slow()
  process.on('message', () => {
    process.send(reopened)
    process.exit(0)
  })
} else {
  const { values } = parseArgs({
    options: { slow: { type: 'string', default: '1100' }, prompt: { type: 'string', default: '98' } },
  })
  const server = fork(self, ['server'])
  const port = await new Promise((resolve) => server.once('message', resolve))
  const slow = fork(self, ['slow', String(port), values.slow])
  // Let the slow clients take every connection first.
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const answers = {}
  const waits = []
  await Promise.all(
    Array.from({ length: Number(values.prompt) }, async (_, client) => {
      await new Promise((resolve) => setTimeout(resolve, client * 250))
      const started = performance.now()
      const status = await healthStatus(port)
      waits.push(performance.now() - started)
      answers[status] = (answers[status] ?? 0) + 1
    }),
  )
  slow.send('stop')
  const reopened = await new Promise((resolve) => slow.once('message', resolve))
  server.send('stop')
  waits.sort((a, b) => a - b)
  const at = (share) => Math.round(waits[Math.min(waits.length - 1, Math.floor(share * waits.length))])
  console.log(JSON.stringify({ answers, p50Ms: at(0.5), p99Ms: at(0.99), slowReconnects: reopened }))
}

/** The status a prompt client gets on a connection of its own ('closed' when none came). */
function healthStatus(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('error', () => resolve('error'))
    socket.on('data', (chunk) => (received += chunk))
    socket.on('close', () => resolve(received.slice(9, 12) || 'closed'))
    socket.on('connect', () =>
      socket.write('GET /.well-known/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n'),
    )
  })
}
