// One cold start, in a fresh process: `node cold-start.mjs mock|msw`. The mock: import
// conversation-asset-mock/node, setupMockServer(), listen(), first GET /assets. The baseline:
// import msw and msw/node, setupServer() with one static handler, listen(), first fetch of it.
// Prints one JSON line: the milliseconds of each step and of the whole, from before the import
// to the first response's body read.
const side = process.argv[2]
const started = performance.now()
const steps = side === 'mock' ? await mockStart() : await mswStart()
const ms = performance.now() - started
console.log(JSON.stringify({ side, ms, ...steps }))

async function mockStart() {
  const { setupMockServer } = await import('conversation-asset-mock/node')
  const imported = performance.now()
  const mock = setupMockServer()
  await mock.listen()
  const listening = performance.now()
  const response = await fetch(`${mock.baseUrl}/assets`)
  await response.arrayBuffer()
  mock.close()
  return timings(imported, listening, response.status)
}

async function mswStart() {
  const { http, HttpResponse } = await import('msw')
  const { setupServer } = await import('msw/node')
  const imported = performance.now()
  const server = setupServer(http.get('http://localhost:39300/assets', () => HttpResponse.json({ iterable: [] })))
  server.listen({ onUnhandledRequest: 'error' })
  const listening = performance.now()
  const response = await fetch('http://localhost:39300/assets')
  await response.arrayBuffer()
  server.close()
  return timings(imported, listening, response.status)
}

function timings(imported, listening, status) {
  if (status !== 200) throw new Error(`Failed to start cold: the first request answered ${status}, not 200.`)
  return { importMs: imported - started, listenMs: listening - imported, requestMs: performance.now() - listening }
}
