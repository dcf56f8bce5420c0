// Start-up fan-out in-process: a client opens both identifier streams, which
// list N assets and N conversations, then reads each with GET /asset/{id} and
// GET /conversation/{id} through msw/node and fetch. The mock against static
// MSW handlers serving the bytes the mock answered (and mock-socket servers
// sending the same first frames), on the same msw. Paired rounds per N; at
// N = 10,000 a round takes 11–14 s on msw 2 and 40–45 s on msw 3, so the cap
// there holds three rounds on the second leg too (one round left the ratio
// with no spread, moving 0.88 → 1.03 → 0.89 between runs of the same code).
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { Server, WebSocket as MockWebSocket } from 'mock-socket'
import { setupMockServer } from 'conversation-asset-mock/node'
import { ms } from '../lib/format.mjs'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'
import { startUp } from '../lib/start-up.mjs'

const { quick = false, sizes = [100, 1000, 10_000], capSeconds = { 100: 8, 1000: 15, 10000: 180 } } = sectionOptions()
const rows = []
const data = []

for (const [index, size] of sizes.entries()) {
  progress(`startup-msw: ${size} assets + ${size} conversations, mock vs static MSW handlers`)
  const mock = setupMockServer({ generate: { seed: 11, assets: size, conversations: size } })
  await mock.listen()
  // One start-up against the mock records the bytes the static side serves (and warms the mock's caches).
  const recorded = new Map()
  await startUp({ base: mock.baseUrl, streamUrls: mock.streamUrls, WebSocket: globalThis.WebSocket, record: recorded })
  mock.close()
  const answer = ({ request }) => {
    const entry = recorded.get(new URL(request.url).pathname)
    return entry
      ? new HttpResponse(entry.body, { status: entry.status, headers: entry.headers })
      : new HttpResponse('not recorded', { status: 404 })
  }
  const staticServer = setupServer(
    http.get(`${mock.baseUrl}/asset/:id`, answer),
    http.get(`${mock.baseUrl}/conversation/:id`, answer),
  )
  let streams = []

  const sides = {
    mock: {
      start: () => mock.listen(),
      run: () => startUp({ base: mock.baseUrl, streamUrls: mock.streamUrls, WebSocket: globalThis.WebSocket }),
      stop: () => mock.close(),
    },
    baseline: {
      start: () => {
        staticServer.listen({ onUnhandledRequest: 'error' })
        streams = Object.values(mock.streamUrls).map((url) => {
          const server = new Server(url, { mock: false })
          const first = recorded.get(new URL(url).pathname)
          server.on('connection', (socket) => socket.send(first))
          return server
        })
      },
      run: () => startUp({ base: mock.baseUrl, streamUrls: mock.streamUrls, WebSocket: MockWebSocket }),
      stop: () => {
        for (const server of streams) server.stop()
        staticServer.close()
      },
    },
  }
  const paired = await pairedRounds({
    quick,
    capSeconds: capSeconds[size] ?? 30,
    // The recording start-up warmed the mock; the static handlers are warm after the first size.
    warmUp: index === 0,
    measure: async (name) => {
      const side = sides[name]
      await side.start()
      try {
        return await side.run()
      } finally {
        side.stop()
      }
    },
    ratios: { time: (m, b) => m.ms / b.ms },
  })
  const requests = paired.mock[0].requests
  rows.push(
    ratioRow(
      `in-process start-up fan-out at N = ${size.toLocaleString('en')}: streams, then ${requests.toLocaleString('en')} GETs ÷ static MSW handlers, time`,
      paired,
      'time',
      // The target at 10,000 streams; below it the earlier bound, with the same aim.
      size >= 10_000 ? { atMost: 1, text: '≤ 1.0' } : { atMost: 1.2, text: '≤ 1.2 (aim ≤ 1.0)' },
      `${sideMedian(paired.mock, 'ms').toFixed(0)} vs ${sideMedian(paired.baseline, 'ms').toFixed(0)} ms, reads p50 ${ms(sideMedian(paired.mock, 'p50'))} vs ${ms(sideMedian(paired.baseline, 'p50'))} ms, p99 ${ms(sideMedian(paired.mock, 'p99'))} vs ${ms(sideMedian(paired.baseline, 'p99'))} ms`,
    ),
  )
  data.push({ size, requests, ...paired })
}
await report({ rows, data: { concurrency: 8, sizes: data } })
