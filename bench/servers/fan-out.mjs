// One side of the in-process start-up fan-out, in a fresh process: `node fan-out.mjs mock|baseline N`.
// Both sides build the same mock (N assets and N conversations, seed 11) and run a start-up against it
// first, which records the bytes the baseline's static MSW handlers (and mock-socket servers) then serve.
// Then each side warms up with start-ups of its own until the process has made at least WARM_REQUESTS
// requests through msw (one start-up at N = 10,000, twenty at N = 100), so both sides reach their measured
// start-up, run when the parent calls `run`, with the same requests behind them and their code as warm at
// every N. A process of its own per run keeps what msw retains of earlier requests (msw 3 on Node 22 keeps
// about 17 kB of each, bench/HISTORY.md 2026-11-30) out of the next run.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { Server, WebSocket as MockWebSocket } from 'mock-socket'
import { setupMockServer } from 'conversation-asset-mock/node'
import { startUp } from '../lib/start-up.mjs'
import { answerCalls } from './child.mjs'

/** Requests made through msw before the measured start-up, the recording one included. */
const WARM_REQUESTS = 4000

const [side, size] = [process.argv[2], Number(process.argv[3])]
if (side !== 'mock' && side !== 'baseline')
  throw new Error(`Failed to start the fan-out side "${side}": it is not a side. Pass mock or baseline, then N.`)

const mock = setupMockServer({ generate: { seed: 11, assets: size, conversations: size } })
await mock.listen()
const recorded = new Map()
await startUp({ base: mock.baseUrl, streamUrls: mock.streamUrls, WebSocket: globalThis.WebSocket, record: recorded })
const run = side === 'mock' ? mockRun : baselineRun()
for (let made = 2 * size; made < WARM_REQUESTS; made += 2 * size) await run()

answerCalls({
  run: () => run(),
  close: () => undefined,
})
process.send({ type: 'ready', url: mock.baseUrl })

/** A start-up against the mock, which keeps listening. */
function mockRun() {
  return startUp({ base: mock.baseUrl, streamUrls: mock.streamUrls, WebSocket: globalThis.WebSocket })
}

/** The mock closed (its records kept, as they are in the mock's process), static handlers serving what it answered. */
function baselineRun() {
  mock.close()
  const answer = ({ request }) => {
    const entry = recorded.get(new URL(request.url).pathname)
    return entry
      ? new HttpResponse(entry.body, { status: entry.status, headers: entry.headers })
      : new HttpResponse('not recorded', { status: 404 })
  }
  const server = setupServer(
    http.get(`${mock.baseUrl}/asset/:id`, answer),
    http.get(`${mock.baseUrl}/conversation/:id`, answer),
  )
  server.listen({ onUnhandledRequest: 'error' })
  for (const url of Object.values(mock.streamUrls)) {
    const first = recorded.get(new URL(url).pathname)
    new Server(url, { mock: false }).on('connection', (socket) => socket.send(first))
  }
  return () => startUp({ base: mock.baseUrl, streamUrls: mock.streamUrls, WebSocket: MockWebSocket })
}
