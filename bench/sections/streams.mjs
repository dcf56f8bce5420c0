// Stream fan-out: K clients on the conversations identifier stream, and the
// time from asking for a write (POST /conversations/create) to its frame at
// each client, p50 and p99 over every client and write. Standalone over real
// WebSockets (`ws` clients in this process, each server in its own) against
// bare node:http + ws answering the recorded create and broadcasting the
// recorded frame; in-process (msw/node, mock-socket) against a static MSW
// handler that does the same through a mock-socket server. Paired rounds per K.
import { streamUrlsOf } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { Server, WebSocket as MockWebSocket } from 'mock-socket'
import { WebSocket } from 'ws'
import { ms } from '../lib/format.mjs'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'
import { withServers } from '../lib/servers.mjs'
import { percentile } from '../lib/stats.mjs'

const CREATE = {
  method: 'POST',
  path: '/conversations/create',
  body: JSON.stringify({ type: 'COPILOT', name: 'Bench conversation' }),
}
const STREAM_PATH = '/conversations/stream/identifiers'
const {
  quick = false,
  clients: counts = [1, 100, 1000],
  writes = { 1: 200, 100: 50, 1000: 10 },
  capSeconds = 10,
  inProcess = true,
} = sectionOptions()
const rows = []
const data = { standalone: [], inProcess: [] }

await withServers(async (servers) => {
  const mock = await servers.start('mock-server.mjs')
  const bare = await servers.start('bare-server.mjs')
  // The frame a create sends, recorded from the mock while the bare server records the create's answer.
  const listener = await connectClients(WebSocket, streamUrlsOf(mock.url).conversations, 1)
  const frame = listener.nextFrame()
  await bare.call('mirror', { base: mock.url, routes: [CREATE] })
  await bare.call('mirrorStreams', { wsBase: mock.wsBase, paths: [STREAM_PATH] })
  await bare.call('broadcast', { route: `${CREATE.method} ${CREATE.path}`, path: STREAM_PATH, frame: await frame })
  listener.close()

  for (const count of counts) {
    progress(`streams: ${count} standalone client(s), mock vs bare node:http + ws`)
    const sides = { mock, baseline: bare }
    const connected = {
      mock: await connectClients(WebSocket, streamUrlsOf(mock.url).conversations, count),
      baseline: await connectClients(WebSocket, streamUrlsOf(bare.url).conversations, count),
    }
    const paired = await pairedRounds({
      quick,
      capSeconds,
      measure: (name) => fanOut(connected[name], sides[name].url, writes[count] ?? 20),
      between: (name) => sides[name].settle(),
      ratios: { p50: (m, b) => m.p50 / b.p50, p99: (m, b) => m.p99 / b.p99 },
    })
    connected.mock.close()
    connected.baseline.close()
    rows.push(...fanOutRows('standalone', 'bare node:http + ws', count, paired))
    data.standalone.push({ clients: count, writes: writes[count], ...paired })
  }
})

if (inProcess) {
  const mock = setupMockServer()
  await mock.listen()
  const recordedCreate = await fetch(`${mock.baseUrl}${CREATE.path}`, {
    method: 'POST',
    body: CREATE.body,
    headers: { 'content-type': 'application/json' },
  })
  const createBody = new Uint8Array(await recordedCreate.arrayBuffer())
  const createHeaders = Object.fromEntries(recordedCreate.headers)
  const listener = await connectClients(globalThis.WebSocket, mock.streamUrls.conversations, 1)
  const firstFrame = await listener.first
  const frame = listener.nextFrame()
  await fetch(`${mock.baseUrl}${CREATE.path}`, {
    method: 'POST',
    body: CREATE.body,
    headers: { 'content-type': 'application/json' },
  })
  const changeFrame = await frame
  listener.close()
  mock.close()

  let stream
  const staticServer = setupServer(
    http.post(`${mock.baseUrl}${CREATE.path}`, async ({ request }) => {
      await request.text()
      for (const socket of stream.clients()) socket.send(changeFrame)
      return new HttpResponse(createBody, { status: recordedCreate.status, headers: createHeaders })
    }),
  )
  const sides = {
    mock: {
      start: () => mock.listen(),
      WebSocket: () => globalThis.WebSocket,
      stop: () => mock.close(),
    },
    baseline: {
      start: () => {
        staticServer.listen({ onUnhandledRequest: 'error' })
        stream = new Server(mock.streamUrls.conversations, { mock: false })
        stream.on('connection', (socket) => socket.send(firstFrame))
      },
      WebSocket: () => MockWebSocket,
      stop: () => {
        stream.stop()
        staticServer.close()
      },
    },
  }
  for (const count of counts) {
    progress(`streams: ${count} in-process client(s), mock vs a static MSW handler + mock-socket`)
    const paired = await pairedRounds({
      quick,
      capSeconds,
      measure: async (name) => {
        const side = sides[name]
        await side.start()
        const connected = await connectClients(side.WebSocket(), mock.streamUrls.conversations, count)
        try {
          return await fanOut(connected, mock.baseUrl, writes[count] ?? 20)
        } finally {
          connected.close()
          side.stop()
        }
      },
      ratios: { p50: (m, b) => m.p50 / b.p50, p99: (m, b) => m.p99 / b.p99 },
    })
    rows.push(...fanOutRows('in-process', 'a static MSW handler + mock-socket', count, paired))
    data.inProcess.push({ clients: count, writes: writes[count], ...paired })
  }
}

await report({ rows, data })

function fanOutRows(mode, baseline, count, paired) {
  const m = (field) => ms(sideMedian(paired.mock, field))
  const b = (field) => ms(sideMedian(paired.baseline, field))
  const label = `${mode} write → frame at ${count.toLocaleString('en')} client${count === 1 ? '' : 's'}`
  return [
    ratioRow(`${label}: p50 ÷ ${baseline}`, paired, 'p50', undefined, `${m('p50')} vs ${b('p50')} ms`),
    ratioRow(`${label}: p99 ÷ ${baseline}`, paired, 'p99', undefined, `${m('p99')} vs ${b('p99')} ms`),
  ]
}

/**
 * Asks for `writes` creates one after another, each once the last one's answer
 * and frames are in, and resolves with the p50/p99 in ms of the time from
 * asking to each client's frame.
 */
async function fanOut(connected, base, writes) {
  const latencies = new Float64Array(writes * connected.count)
  let filled = 0
  for (let write = 0; write < writes; write++) {
    const frames = connected.nextFrames()
    const started = performance.now()
    const response = await fetch(`${base}${CREATE.path}`, {
      method: 'POST',
      body: CREATE.body,
      headers: { 'content-type': 'application/json' },
    })
    if (response.status !== 200)
      throw new Error(
        `Failed to create a conversation at ${base}: status ${response.status}. Check the server's answer with curl.`,
      )
    await response.arrayBuffer()
    for (const at of await frames) latencies[filled++] = at - started
  }
  latencies.sort()
  return {
    p50: percentile(latencies, 0.5, { sorted: true }),
    p99: percentile(latencies, 0.99, { sorted: true }),
    samples: filled,
  }
}

/**
 * Connects `count` clients of a stream (100 at a time) and resolves once each
 * has its first frame. `nextFrames()` resolves with the arrival time of each
 * client's next frame; a client getting a second frame before the others get
 * their first fails the run, since every write must send exactly one.
 */
async function connectClients(WebSocketClass, url, count) {
  const sockets = []
  let arrivals
  let waiting = 0
  let onAll
  let onNext
  let failure
  const firsts = []
  for (let start = 0; start < count; start += 100) {
    const batch = []
    for (let i = start; i < Math.min(count, start + 100); i++) {
      const socket = new WebSocketClass(url)
      let seenFirst = false
      let seenThisRound = false
      batch.push(
        new Promise((resolve, reject) => {
          socket.addEventListener('error', () =>
            reject(new Error(`Failed to connect to ${url}: the stream errored. Check the server's streams.`)),
          )
          socket.addEventListener('message', (event) => {
            const at = performance.now()
            if (!seenFirst) {
              seenFirst = true
              resolve(String(event.data))
              return
            }
            onNext?.(String(event.data))
            if (!arrivals) return
            if (seenThisRound) {
              failure = new Error(
                `Failed to measure the stream fan-out at ${url}: a client got two frames for one write. Check which writes the stream reports.`,
              )
              return
            }
            seenThisRound = true
            arrivals.push(at)
            if (--waiting === 0) onAll()
          })
        }),
      )
      socket.resetRound = () => (seenThisRound = false)
      sockets.push(socket)
    }
    firsts.push(...(await Promise.all(batch)))
  }
  return {
    count,
    first: Promise.resolve(firsts[0]),
    /** Resolves with the text of the next frame any client gets (for recording a frame). */
    nextFrame: () => new Promise((resolve) => (onNext = (text) => ((onNext = undefined), resolve(text)))),
    nextFrames() {
      if (failure) throw failure
      for (const socket of sockets) socket.resetRound()
      arrivals = []
      waiting = count
      return new Promise((resolve) => {
        onAll = () => {
          const all = arrivals
          arrivals = undefined
          resolve(all)
        }
      })
    },
    close() {
      for (const socket of sockets) socket.close()
    },
  }
}
