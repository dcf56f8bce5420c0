// A standalone server holding many small conversations, in a process of its own with a small heap: reads one
// list while sampling the live heap, asks for health once the list's first chunk arrived, and prints what it saw as JSON.
// Bundled and started by streamed-reads.test.ts; run as `node --max-old-space-size=… bundle.mjs <count> <path>`.
import { get } from 'node:http'
import { startStandaloneServer } from '../../src/server/start-standalone-server.js'

const count = Number(process.argv[2])
const path = process.argv[3] ?? '/conversations'
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined)

const server = await startStandaloneServer({ port: 0, scenario: 'empty', log: () => undefined })
const at = '2024-05-01T12:00:00.000Z'
const conversations = Array.from({ length: count }, (_, index) => ({
  id: `c-${String(index).padStart(8, '0')}`,
  type: 'COPILOT' as const,
  created: at,
  updated: at,
}))
await server.service.store.replaceAll({ conversation: conversations } as never)
conversations.length = 0
collect()
const base = process.memoryUsage().heapUsed

const events: string[] = []
let peak = base
let bytes = 0
let chunks = 0
const status = await new Promise<number>((resolve, reject) => {
  get(`${server.url}${path}`, { agent: false }, (response) => {
    response.on('data', (chunk: Buffer) => {
      bytes += chunk.byteLength
      // What the read holds, garbage left out: measured after a full collection, every 128th chunk.
      if (++chunks % 128 === 0) {
        collect()
        peak = Math.max(peak, process.memoryUsage().heapUsed)
      }
      if (chunks === 1) {
        get(`${server.url}/.well-known/health`, { agent: false }, (health) => {
          health.resume()
          health.on('end', () => events.push(`health ${health.statusCode}`))
        })
      }
    })
    response.on('end', () => {
      events.push('list end')
      resolve(response.statusCode ?? 0)
    })
    response.on('error', reject)
  }).on('error', reject)
})
process.stdout.write(`${JSON.stringify({ status, bytes, chunks, growth: peak - base, events })}\n`)
await server.close()
