// One cold start, in a fresh process: `node cold-start.mjs mock|msw [BUILD]`. The mock: import
// conversation-asset-mock/node (or BUILD/node.js, a copy of dist/esm), setupMockServer(), listen(),
// first GET /assets. The baseline: import msw and msw/node, setupServer() with one static handler,
// listen(), first fetch of it. Prints one JSON line: the milliseconds of each step and of the whole,
// from before the import to the first response's body read, the process's CPU milliseconds by then,
// and the first answer's length in bytes.
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const [side, build] = process.argv.slice(2)
const started = performance.now()
const steps = side === 'mock' ? await mockStart() : await mswStart()
const ms = performance.now() - started
const cpu = process.cpuUsage()
console.log(JSON.stringify({ side, ms, cpuMs: (cpu.user + cpu.system) / 1000, ...steps }))

async function mockStart() {
  const entry = build ? pathToFileURL(join(resolve(build), 'node.js')).href : 'conversation-asset-mock/node'
  const { setupMockServer } = await import(entry)
  const imported = performance.now()
  const mock = setupMockServer()
  await mock.listen()
  const listening = performance.now()
  const response = await fetch(`${mock.baseUrl}/assets`)
  const body = await response.arrayBuffer()
  mock.close()
  return timings(imported, listening, response.status, body.byteLength)
}

async function mswStart() {
  const { http, HttpResponse } = await import('msw')
  const { setupServer } = await import('msw/node')
  const imported = performance.now()
  const server = setupServer(http.get('http://localhost:39300/assets', () => HttpResponse.json({ iterable: [] })))
  server.listen({ onUnhandledRequest: 'error' })
  const listening = performance.now()
  const response = await fetch('http://localhost:39300/assets')
  const body = await response.arrayBuffer()
  server.close()
  return timings(imported, listening, response.status, body.byteLength)
}

function timings(imported, listening, status, bytes) {
  if (status !== 200) throw new Error(`Failed to start cold: the first request answered ${status}, not 200.`)
  return {
    importMs: imported - started,
    listenMs: listening - imported,
    requestMs: performance.now() - listening,
    bytes,
  }
}
