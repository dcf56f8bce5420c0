// In-process: GET /asset/{id} through msw/node's setupServer and fetch, the
// mock's handlers against one static MSW handler answering the same JSON on
// the same msw. Paired rounds of `requests` requests on each side.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { setupMockServer } from 'conversation-asset-mock/node'
import { pairedRounds, ratioRow, sideMedian } from '../lib/paired.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'
import { percentile } from '../lib/stats.mjs'

const { quick = false, requests = 300, capSeconds = 50 } = sectionOptions()
const ASSET_ID = '0a0a0a0a-0000-4000-8000-000000000001'

const mock = setupMockServer()
const url = `${mock.baseUrl}/asset/${ASSET_ID}`
await mock.listen()
const payload = await (await fetch(url)).json()
mock.close()
const bytes = JSON.stringify(payload).length
const staticServer = setupServer(http.get(url, () => HttpResponse.json(payload)))

const sides = {
  mock: { start: () => mock.listen(), stop: () => mock.close() },
  baseline: { start: () => staticServer.listen({ onUnhandledRequest: 'error' }), stop: () => staticServer.close() },
}

progress('msw: GET /asset/{id}, mock vs a static MSW handler')
const paired = await pairedRounds({
  quick,
  capSeconds,
  measure: async (name) => {
    const side = sides[name]
    await side.start()
    const times = new Float64Array(requests)
    const started = performance.now()
    for (let i = 0; i < requests; i++) {
      const at = performance.now()
      const response = await fetch(url)
      if (response.status !== 200)
        throw new Error(`Failed to fetch ${url} in-process: status ${response.status}. Check the handlers.`)
      await response.text()
      times[i] = performance.now() - at
    }
    const meanUs = ((performance.now() - started) / requests) * 1000
    side.stop()
    times.sort()
    return {
      meanUs,
      p50: percentile(times, 0.5, { sorted: true }) * 1000,
      p99: percentile(times, 0.99, { sorted: true }) * 1000,
    }
  },
  ratios: { time: (m, b) => m.meanUs / b.meanUs },
})

const m = (field) => sideMedian(paired.mock, field).toFixed(0)
const b = (field) => sideMedian(paired.baseline, field).toFixed(0)
const rows = [
  ratioRow(
    `in-process GET /asset/{id} (${(bytes / 1000).toFixed(1)} kB, msw/node + fetch) ÷ a static MSW handler, time per request`,
    paired,
    'time',
    { atMost: 1, text: '≤ 1.0' },
    `${m('meanUs')} vs ${b('meanUs')} µs, p50 ${m('p50')} vs ${b('p50')} µs, p99 ${m('p99')} vs ${b('p99')} µs`,
  ),
]
await report({ rows, data: { route: 'GET /asset/{id}', bytes, requests, ...paired } })
