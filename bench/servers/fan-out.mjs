// One side of the in-process start-up fan-out, in a fresh process: `node fan-out.mjs mock|baseline N`.
// Both sides build the same mock (N assets and N conversations, seed 11) and run one start-up against it
// first: the mock's warms it, the baseline's records the bytes its static MSW handlers (and mock-socket
// servers) then serve. Each side has then made the same requests through msw before its measured start-up,
// which runs when the parent calls `run`. A process of its own per run keeps what msw retains of earlier
// requests (msw 3 on Node 22 keeps about 23 kB of each, bench/HISTORY.md 2026-11-30) out of the next run.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { Server, WebSocket as MockWebSocket } from 'mock-socket'
import { setupMockServer } from 'conversation-asset-mock/node'
import { startUp } from '../lib/start-up.mjs'
import { answerCalls } from './child.mjs'

const [side, size] = [process.argv[2], Number(process.argv[3])]
if (side !== 'mock' && side !== 'baseline')
  throw new Error(`Failed to start the fan-out side "${side}": it is not a side. Pass mock or baseline, then N.`)

const mock = setupMockServer({ generate: { seed: 11, assets: size, conversations: size } })
await mock.listen()
const recorded = new Map()
await startUp({ base: mock.baseUrl, streamUrls: mock.streamUrls, WebSocket: globalThis.WebSocket, record: recorded })
const run = side === 'mock' ? mockRun : baselineRun()

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
