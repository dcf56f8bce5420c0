import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { request } from 'node:http'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const server = fileURLToPath(new URL('../../dist/esm/server.js', import.meta.url))
const KiB = 1024
const MiB = 1024 * KiB
/** The store's budget and the control plane's, each. */
const BUDGET = 32 * MiB
/**
 * What the server's resident memory may grow by besides both budgets: pages
 * the collector freed but the process keeps (1 MiB bodies parsed and answers
 * written), and what each holder keeps beside the bytes it counts.
 */
const RSS_OVERHEAD = 192 * MiB
/** What the heap (and memory outside it: buffers) may hold besides both budgets after a full collection. */
const HEAP_OVERHEAD = 32 * MiB
const SESSIONS = 8
/** What each holder is sent in all, across the sessions: twice its budget. */
const SENT = 2 * BUDGET

/**
 * The child: the built standalone server with both budgets at 32 MiB, which
 * prints its URL, then its memory (after a full collection) for each line it reads.
 */
const CHILD = `
const { startStandaloneServer } = await import(${JSON.stringify(server)})
const server = await startStandaloneServer({ port: 0, scenario: 'empty', maxStoreBytes: ${BUDGET}, maxControlBytes: ${BUDGET} })
console.log('ready on ' + server.url)
process.stdin.setEncoding('utf8').on('data', () => {
  globalThis.gc()
  console.log('memory ' + JSON.stringify(process.memoryUsage()))
})
`

/** The child's memory after a full collection, as it reports it. */
let memory: () => Promise<NodeJS.MemoryUsage>

let child: ChildProcess
let url: string

/** Sends a JSON request in a session on a connection of its own; resolves with its status and text. */
const send = (method: string, path: string, session: string, body?: unknown) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(`${url}${path}`, { method, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      )
    })
    sent.on('error', reject)
    sent.setHeader('x-mock-session', session)
    if (body === undefined) sent.end()
    else sent.setHeader('content-type', 'application/json').end(JSON.stringify(body))
  })

/** A text of `length` characters, different for each index. */
const textOf = (index: number, length: number) => `${index}:`.padEnd(length, String.fromCharCode(97 + (index % 26)))

/** Sends `count` bodies of each session round in turn; the statuses answered, by status. */
async function sendAll(count: number, make: (index: number, session: string) => Promise<{ status: number }>) {
  const statuses: Record<number, number> = {}
  for (let index = 0; index < count; index++) {
    const { status } = await make(index, `s${index % SESSIONS}`)
    statuses[status] = (statuses[status] ?? 0) + 1
  }
  return statuses
}

describe('the standalone server’s sessions filling every holder', () => {
  let idle: NodeJS.MemoryUsage

  beforeAll(async () => {
    child = spawn(process.execPath, ['--expose-gc', '--input-type=module', '-e', CHILD], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const lines = createInterface({ input: child.stdout! })
    const waiting: Array<(line: string) => void> = []
    lines.on('line', (line) => waiting.shift()?.(line))
    const next = () => new Promise<string>((resolve) => waiting.push(resolve))
    const ready = next()
    child.once('exit', (code) => waiting.shift()?.(`exited with ${code}`))
    url = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(await ready)![1]!
    memory = async () => {
      const line = next()
      child.stdin!.write('sample\n')
      return JSON.parse((await line).slice('memory '.length)) as NodeJS.MemoryUsage
    }
    // Every session started, so that their own records and machines are in the idle figure.
    for (let session = 0; session < SESSIONS; session++) await send('GET', '/conversations', `s${session}`)
    idle = await memory()
  }, 60_000)

  afterAll(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
  }, 30_000)

  it('refuses records, intentions, faults, pickers and snapshots past the budgets, and stays within them plus a stated overhead', async () => {
    const apps = new Map<string, string>()
    for (let session = 0; session < SESSIONS; session++) {
      const found = JSON.parse((await send('GET', '/applications', `s${session}`)).text).iterable[0].id as string
      apps.set(`s${session}`, found)
    }
    const count = SENT / MiB

    // Records, each answer journaled with its copy: 64 KiB of each, the journals dropping their oldest.
    const records = await sendAll(SENT / (256 * KiB), (index, session) =>
      send('POST', '/conversations/create', session, { type: 'COPILOT', name: textOf(index, 256 * KiB) }),
    )
    expect(records[507]).toBeGreaterThan(0)
    const intentions = await sendAll(count, (index, session) =>
      send('POST', `/${apps.get(session)}/intention`, session, {
        format: { fragment: { string: { raw: textOf(index, MiB) } } },
      }),
    )
    expect(intentions[507]).toBeGreaterThan(0)
    const faults = await sendAll(count, (index, session) =>
      send('POST', '/__mock/faults', session, { operation: 'assetsSnapshot', status: 500, body: textOf(index, MiB) }),
    )
    expect(faults[507]).toBeGreaterThan(0)
    const pickers = await sendAll(count, (index, session) =>
      send('POST', '/__mock/os/pickers/files', session, [
        Array.from({ length: 1000 }, (_, path) => textOf(index + path, KiB)),
      ]),
    )
    expect(pickers[507]).toBeGreaterThan(0)
    // Each session reset (room for records again), then a snapshot of a record the next reset deletes: only the snapshots hold it.
    const snapshots = await sendAll(count, async (index, session) => {
      await send('POST', '/__mock/reset', session)
      await send('POST', '/conversations/create', session, { type: 'COPILOT', name: textOf(index, MiB) })
      return send('POST', '/__mock/snapshots', session)
    })
    expect(snapshots[507]).toBeGreaterThan(0)

    const filled = await memory()
    const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`
    const held = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external
    // The figures, in the failure's message rather than on every passing run's output.
    const figures = `rss idle ${mib(idle.rss)}, filled ${mib(filled.rss)} (at most ${mib(idle.rss + 2 * BUDGET + RSS_OVERHEAD)}); heapUsed + external idle ${mib(held(idle))}, filled ${mib(held(filled))} (at most ${mib(held(idle) + 2 * BUDGET + HEAP_OVERHEAD)})`
    expect(held(filled), figures).toBeLessThanOrEqual(held(idle) + 2 * BUDGET + HEAP_OVERHEAD)
    expect(filled.rss, figures).toBeLessThanOrEqual(idle.rss + 2 * BUDGET + RSS_OVERHEAD)
  }, 120_000)
})
