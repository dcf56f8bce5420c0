// In-process: GET /asset/{id} through msw/node's setupServer and fetch, the
// mock's handlers against one static MSW handler answering the same JSON.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { setupMockServer } from '../../dist/node/index.js'
import { median } from '../lib/stats.mjs'
import { progress, report, sectionOptions } from '../lib/section.mjs'

const { rounds = 5, requests = 1500 } = sectionOptions()
const ASSET_ID = '0a0a0a0a-0000-4000-8000-000000000001'

const mock = setupMockServer()
const url = `${mock.baseUrl}/asset/${ASSET_ID}`
await mock.listen()
const payload = await (await fetch(url)).json()
mock.close()
const bytes = JSON.stringify(payload).length
const staticServer = setupServer(http.get(url, () => HttpResponse.json(payload)))

const sides = {
  mock: { start: () => mock.listen(), stop: () => mock.close(), times: [] },
  static: { start: () => staticServer.listen({ onUnhandledRequest: 'error' }), stop: () => staticServer.close(), times: [] },
}

async function run(side, count) {
  await side.start()
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const response = await fetch(url)
    if (response.status !== 200) throw new Error(`Failed to fetch ${url} in-process: status ${response.status}. Check the handlers.`)
    await response.text()
  }
  const perRequest = (performance.now() - started) / count
  side.stop()
  return perRequest
}

await run(sides.mock, 300)
await run(sides.static, 300)
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? ['mock', 'static'] : ['static', 'mock']
  for (const name of order) sides[name].times.push(await run(sides[name], requests))
  progress(`msw: round ${round + 1}/${rounds}`)
}
const mockMs = median(sides.mock.times)
const staticMs = median(sides.static.times)
report({ route: 'GET /asset/{id}', bytes, requests, rounds, mockMs, staticMs, ratio: mockMs / staticMs, mockTimes: sides.mock.times, staticTimes: sides.static.times })
