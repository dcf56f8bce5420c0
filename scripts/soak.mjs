// npm run soak -- [--minutes N | --seconds N] [--clients N] [--streams N] [--reset-every S] [--budget-mib N]
//
// Soaks the standalone server: starts it in a child process on 127.0.0.1 (a
// free port), drives mixed HTTP reads and writes through fetch plus a few
// reconnecting WebSocket clients of the identifier streams, and hostile traffic (2 MiB rejected bodies,
// bodies nested too deep, stream clients that stop reading), a mock session
// kept full to its store budget (1 MiB messages: 507 past it, every list still
// answering, a delete making room for the next create), resets the mock
// every few seconds through POST /__mock/reset so data does not pile up, and
// samples the server's memory every second (process.memoryUsage() after a
// forced GC). The budget session lives on a second server, in a process of its
// own with a small store budget (its sessions share it), so the mixed load never
// meets a full store and its memory is judged alone. Beside them, a third server in a process of its own
// persists durably (--persist into a temporary directory): conversations are
// created on it for the whole run, it is killed with SIGKILL at the end and
// started again on its file, and every acknowledged create must be there.
// Prints a summary; exits 1 when any request or stream failed, an acknowledged
// write was lost, or memory is not flat (median heapUsed of the last 20% of
// samples against the first 20% after warm-up). Traffic goes to 127.0.0.1
// only, and the run stops by itself.
import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const self = fileURLToPath(import.meta.url)

if (process.argv.includes('--serve')) {
  await serve()
} else if (process.argv.includes('--serve-persist')) {
  await servePersist()
} else if (process.argv.includes('--serve-budget')) {
  await serveBudget()
} else {
  process.exitCode = await soak()
}

/** The child: the standalone server, reporting its memory every second. */
async function serve() {
  const { startStandaloneServer } = await import('conversation-asset-mock/server')
  const server = await startStandaloneServer({ port: 0, host: '127.0.0.1' })
  const sample = () => {
    globalThis.gc?.()
    const { heapUsed, heapTotal, rss, external, arrayBuffers } = process.memoryUsage()
    return { at: performance.now(), heapUsed, heapTotal, rss, external, arrayBuffers }
  }
  const timer = setInterval(() => process.send({ type: 'sample', sample: sample() }), 1000)
  process.on('message', async (message) => {
    if (message.type === 'sample-now') process.send({ type: 'quiet-sample', sample: sample() })
    if (message.type === 'stop') {
      clearInterval(timer)
      await server.close()
      process.send({ type: 'stopped' })
      process.disconnect()
    }
  })
  process.send({ type: 'ready', url: server.url, pid: process.pid })
}

/** The durable child: a server persisting to a file in the default (durable) mode, until it is killed. */
async function servePersist() {
  const { startStandaloneServer } = await import('conversation-asset-mock/server')
  const persist = process.argv[process.argv.indexOf('--serve-persist') + 1]
  const server = await startStandaloneServer({ port: 0, host: '127.0.0.1', scenario: 'empty', persist })
  process.send({ type: 'ready', url: server.url })
}

/**
 * The budget child: a server with a small store budget whose session the budget client keeps full. It
 * runs in a process of its own, so the memory the soak judges is the mixed load's server alone (a full
 * store and its journal of large bodies would otherwise fill the measured heap up to their bounds).
 */
async function serveBudget() {
  const { startStandaloneServer } = await import('conversation-asset-mock/server')
  const maxStoreBytes = Number(process.argv[process.argv.indexOf('--serve-budget') + 1])
  const server = await startStandaloneServer({ port: 0, host: '127.0.0.1', maxStoreBytes })
  process.send({ type: 'ready', url: server.url })
}

/** Starts the durable child on `file` and gives it with its URL. */
async function startPersistServer(file) {
  return startChildServer(['--serve-persist', file])
}

/** Starts a child server with these arguments and gives it with its URL. */
async function startChildServer(args) {
  const child = fork(self, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code, signal) =>
      reject(new Error(`the persisting server exited (${signal ?? code}) before it was ready`)),
    )
  })
  return { child, url: ready.url }
}

/** Kills a durable child at once (SIGKILL: nothing is flushed on the way out) and waits for it to be gone. */
async function killNow(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await gone
}

async function soak() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      minutes: { type: 'string' },
      seconds: { type: 'string' },
      clients: { type: 'string', default: '16' },
      streams: { type: 'string', default: '2' },
      'reset-every': { type: 'string', default: '3' },
      'heap-tolerance': { type: 'string', default: '0.10' },
      'heap-slack-mib': { type: 'string', default: '3' },
      'budget-mib': { type: 'string', default: '16' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(
      'Usage: npm run soak -- [--minutes N | --seconds N] [--clients N] [--streams N] [--reset-every S] [--budget-mib N]',
    )
    return 0
  }
  if (!existsSync(new URL('../dist/server/index.js', import.meta.url))) {
    console.error('soak: dist/ is missing; run npm run build first.')
    return 2
  }
  const seconds = values.seconds !== undefined ? Number(values.seconds) : Number(values.minutes ?? 1) * 60
  const clients = Number(values.clients)
  const streamsPerKind = Number(values.streams)
  const resetEvery = Number(values['reset-every']) * 1000
  const heapTolerance = Number(values['heap-tolerance'])
  const heapSlack = Number(values['heap-slack-mib']) * 2 ** 20
  const budgetBytes = Number(values['budget-mib']) * 2 ** 20
  if (
    !(Number.isSafeInteger(budgetBytes) && budgetBytes > 0) ||
    ![seconds, clients, streamsPerKind, resetEvery, heapTolerance, heapSlack].every(
      (n) => Number.isFinite(n) && n >= 0,
    ) ||
    seconds <= 0
  ) {
    console.error(
      'soak: --minutes/--seconds and --budget-mib take a positive number, the other options non-negative numbers.',
    )
    return 2
  }

  const child = fork(self, ['--serve'], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const samples = []
  const quietSamples = []
  const waiting = new Map()
  let childExit
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((childExit = { code, signal }))))
  child.on('message', (message) => {
    if (message.type === 'sample') samples.push(message.sample)
    else if (message.type === 'quiet-sample') quietSamples.push(message.sample)
    waiting.get(message.type)?.(message)
  })
  const nextMessage = (type) =>
    Promise.race([
      new Promise((resolve) => waiting.set(type, resolve)),
      exited.then(({ code, signal }) => {
        throw new Error(`the server process exited (${signal ?? code}) while the soak waited for "${type}"`)
      }),
    ])
  // Bounded in time whatever happens: the run never outlives its duration by more than a minute.
  const watchdog = setTimeout(
    () => {
      console.error('soak: overran its time limit; stopping the server processes.')
      child.kill('SIGKILL')
      persistServer?.child.kill('SIGKILL')
      budgetServer?.child.kill('SIGKILL')
      process.exit(2)
    },
    (seconds + 60) * 1000,
  )
  watchdog.unref()

  const { url, pid } = await nextMessage('ready')
  const budgetServer = await startChildServer(['--serve-budget', String(budgetBytes)])
  const budgetUrl = budgetServer.url
  const persistDir = await mkdtemp(join(tmpdir(), 'cam-soak-'))
  const persistFile = join(persistDir, 'mock.json')
  let persistServer = await startPersistServer(persistFile)
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`soak: the server answered at ${url}, not on 127.0.0.1`)
  const wsUrl = url.replace('http://', 'ws://')
  const errors = []
  const fail = (where, detail) => {
    errors.push(`${where}: ${detail}`)
  }

  // Fixture ids survive every reset, so requests on them always have one right answer.
  const list = async (path) => (await (await fetch(`${url}${path}`)).json()).iterable.map((item) => item.id)
  const fixtures = {
    conversations: await list('/conversations/identifiers'),
    assets: await list('/assets/identifiers'),
    tags: await list('/tags'),
  }
  const pick = (items) => items[Math.floor(Math.random() * items.length)]

  const counts = new Map()
  let requests = 0
  async function call(action, method, path, expected, body) {
    requests += 1
    let response
    try {
      response = await fetch(`${url}${path}`, {
        method,
        ...(body !== undefined && {
          body: typeof body === 'string' ? body : JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
      })
    } catch (error) {
      fail(action, `${method} ${path}: network error ${error.cause?.code ?? error.message}`)
      return undefined
    }
    const text = await response.text()
    if (response.status !== expected) {
      fail(action, `${method} ${path} answered ${response.status} instead of ${expected}: ${text.slice(0, 160)}`)
      return undefined
    }
    if (response.headers.get('content-type')?.startsWith('application/json')) {
      try {
        return JSON.parse(text)
      } catch {
        fail(action, `${method} ${path}: unparseable JSON`)
        return undefined
      }
    }
    return text
  }

  const actions = [
    [3, 'snapshot', () => call('snapshot', 'GET', '/conversations?transferables=false', 200)],
    [
      6,
      'read conversation',
      () => call('read conversation', 'GET', `/conversation/${pick(fixtures.conversations)}`, 200),
    ],
    [
      3,
      'read messages',
      () => call('read messages', 'GET', `/conversation/${pick(fixtures.conversations)}/messages`, 200),
    ],
    [6, 'read asset', () => call('read asset', 'GET', `/asset/${pick(fixtures.assets)}`, 200)],
    [1, 'assets snapshot', () => call('assets snapshot', 'GET', '/assets?transferables=false', 200)],
    [2, 'identifiers', () => call('identifiers', 'GET', '/conversations/identifiers', 200)],
    [2, 'export', () => call('export', 'GET', `/asset/${pick(fixtures.assets)}/export?export_type=MD`, 200)],
    [
      4,
      'score',
      () =>
        Math.random() < 0.5
          ? call('score', 'POST', `/conversation/${pick(fixtures.conversations)}/scores/increment`, 204, {
              conversation: { reuse: true },
            })
          : call('score', 'POST', `/asset/${pick(fixtures.assets)}/scores/increment`, 204, { asset: { update: true } }),
    ],
    [
      4,
      'link',
      () => {
        const verb = Math.random() < 0.5 ? 'associate' : 'disassociate'
        return Math.random() < 0.5
          ? call(
              'link',
              'POST',
              `/conversation/${pick(fixtures.conversations)}/assets/${verb}/${pick(fixtures.assets)}`,
              204,
            )
          : call('link', 'POST', `/asset/${pick(fixtures.assets)}/tags/${verb}/${pick(fixtures.tags)}`, 204)
      },
    ],
    [
      3,
      'conversation lifecycle',
      async () => {
        const where = 'conversation lifecycle'
        const created = await call(where, 'POST', '/conversations/create?transferables=false', 200, {
          type: 'COPILOT',
          messages: [{ role: 'USER', fragment: { string: { raw: `How do I soak test ${randomUUID()}?` } } }],
        })
        if (!created) return
        const id = created.id
        await call(where, 'POST', `/conversation/${id}/assets/associate/${pick(fixtures.assets)}`, 204)
        await call(where, 'POST', `/conversation/${id}/rename?transferables=false`, 200)
        const summary = await call(where, 'POST', `/conversation/${id}/summarize`, 200)
        if (summary) await call(where, 'GET', `/annotation/${summary.annotation.id}`, 200)
        await call(where, 'POST', `/conversations/${id}/delete`, 204)
        await call(where, 'GET', `/conversation/${id}`, 410)
      },
    ],
    [
      2,
      'asset lifecycle',
      async () => {
        const where = 'asset lifecycle'
        const created = await call(where, 'POST', '/assets/create?transferables=false', 200, {
          type: 'SEEDED_ASSET',
          asset: {
            application: {
              id: 'soak',
              name: 'OPEN_SOURCE',
              version: '1.0.0',
              platform: 'LINUX',
              onboarded: false,
              privacy: 'OPEN',
            },
            format: {
              fragment: { string: { raw: `print("${randomUUID()}")` } },
              classification: { generic: 'CODE', specific: 'py' },
            },
          },
        })
        if (!created) return
        await call(where, 'POST', `/asset/${created.id}/tags/associate/${pick(fixtures.tags)}`, 204)
        await call(where, 'POST', '/asset/reclassify?transferables=false', 200, {
          ext: 'ts',
          asset: { id: created.id },
        })
        await call(where, 'POST', `/assets/${created.id}/delete`, 200)
        await call(where, 'GET', `/asset/${created.id}`, 410)
      },
    ],
    [
      2,
      'expected errors',
      async () => {
        await call('expected errors', 'GET', `/conversation/${randomUUID()}`, 410)
        await call('expected errors', 'POST', '/conversations/create', 500, '{"type":')
        await call('expected errors', 'GET', `/asset/${randomUUID()}/formats`, 500)
      },
    ],
  ]
  const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0)
  const chooseAction = () => {
    let roll = Math.random() * totalWeight
    for (const [weight, name, run] of actions) {
      roll -= weight
      if (roll < 0) return [name, run]
    }
    return [actions[0][1], actions[0][2]]
  }

  // Resets wait for the HTTP clients to finish what they are doing, so every answer has one right status.
  let gate = Promise.resolve()
  let active = 0
  let drained
  const deadline = performance.now() + seconds * 1000
  const running = () => performance.now() < deadline

  async function httpClient() {
    while (running()) {
      // Wait until no reset is under way; a reset that began while this client was waking up counts too.
      for (let current = gate; ; current = gate) {
        await current
        if (current === gate) break
      }
      if (!running()) break
      const [name, run] = chooseAction()
      active += 1
      try {
        await run()
        counts.set(name, (counts.get(name) ?? 0) + 1)
      } catch (error) {
        fail(name, `threw ${error.stack ?? error}`)
      } finally {
        active -= 1
        if (active === 0) drained?.()
      }
    }
  }

  let resets = 0
  async function resetter() {
    while (running()) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(resetEvery, Math.max(0, deadline - performance.now()))),
      )
      if (!running()) break
      let open
      gate = new Promise((resolve) => (open = resolve))
      if (active > 0) await new Promise((resolve) => (drained = resolve))
      drained = undefined
      const response = await fetch(`${url}/__mock/reset`, { method: 'POST' }).catch((error) => error)
      if (!(response instanceof Response) || response.status !== 204)
        fail('reset', `POST /__mock/reset: ${response.status ?? response.message}`)
      else resets += 1
      // A quiet moment: nothing in flight, the store just reloaded.
      child.send({ type: 'sample-now' })
      await nextMessage('quiet-sample')
      open()
    }
  }

  // A mock session of its own, kept at its store budget: the service's store is reset every few
  // seconds and stays far below it, so the other clients' writes are never refused.
  const budget = { fills: 0, refused: 0, lists: 0 }
  async function budgetClient() {
    const session = { 'x-mock-session': 'soak-budget' }
    const send = (method, path, body) =>
      fetch(`${budgetUrl}${path}`, {
        method,
        headers: { ...session, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
    const conversation = (await (await send('POST', '/conversations/create', { type: 'COPILOT' })).json()).id
    let index = 0
    const create = () =>
      send('POST', '/messages/create', {
        role: 'USER',
        fragment: { string: { raw: `${index++}`.padEnd(2 ** 20, 'm') } },
        conversation: { id: conversation },
      })
    while (running()) {
      const created = await create()
      await created.arrayBuffer()
      if (created.status === 200) continue
      if (created.status !== 507) {
        fail('budget', `POST /messages/create answered ${created.status} instead of 200 or 507`)
        return
      }
      budget.refused += 1
      // Full: every list answers in full, and a delete makes room for one more.
      let messages = []
      for (const path of ['/messages', '/conversations', '/assets', '/formats']) {
        const listed = await send('GET', path)
        const text = await listed.text()
        if (listed.status !== 200) return fail('budget', `GET ${path} answered ${listed.status} with the store full`)
        try {
          const { iterable } = JSON.parse(text)
          if (path === '/messages')
            messages = iterable.filter((message) => message.fragment?.string?.raw?.length === 2 ** 20)
        } catch {
          return fail('budget', `GET ${path}: unparseable JSON with the store full`)
        }
        budget.lists += 1
      }
      if (messages.length === 0)
        return fail('budget', 'GET /messages lists none of the large messages with the store full')
      const deleted = await send('POST', `/messages/${messages[0].id}/delete`)
      await deleted.arrayBuffer()
      if (deleted.status !== 204) return fail('budget', `POST /messages/{id}/delete answered ${deleted.status}`)
      budget.fills += 1
    }
  }

  // Durable --persist beside the load: creates acknowledged one after another, each one to be found after a kill -9.
  const durable = { acknowledged: [], refused: 0, found: 0, missing: [] }
  async function persistClient() {
    let index = 0
    while (running()) {
      let response
      try {
        response = await fetch(`${persistServer.url}/conversations/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'COPILOT', name: `soak durable ${index++}` }),
        })
      } catch (error) {
        return fail('durable', `POST /conversations/create: network error ${error.cause?.code ?? error.message}`)
      }
      const text = await response.text()
      if (response.status === 200) durable.acknowledged.push(JSON.parse(text).id)
      else if (response.status === 507) durable.refused += 1
      else return fail('durable', `POST /conversations/create answered ${response.status}: ${text.slice(0, 160)}`)
    }
  }

  /** Kills the durable server with SIGKILL, starts it again on its file, and looks for every acknowledged create. */
  async function checkDurable() {
    await killNow(persistServer.child)
    persistServer = await startPersistServer(persistFile)
    const listed = await fetch(`${persistServer.url}/conversations/identifiers`)
    const ids = new Set((await listed.json()).iterable.map((item) => item.id))
    durable.missing = durable.acknowledged.filter((id) => !ids.has(id))
    durable.found = durable.acknowledged.length - durable.missing.length
    if (durable.missing.length > 0)
      fail('durable', `${durable.missing.length} acknowledged creates missing after kill -9 and restart`)
    await killNow(persistServer.child)
    await rm(persistDir, { recursive: true, force: true })
  }

  const streamStats = { frames: 0, connections: 0 }
  async function streamClient(kind) {
    const { default: WebSocket } = await import('ws')
    const key = kind === 'conversations' ? 'conversation' : 'asset'
    while (running()) {
      streamStats.connections += 1
      // Each connection lives a few seconds, then the client reconnects.
      const lifetime = 2000 + Math.random() * 3000
      await new Promise((resolve) => {
        const socket = new WebSocket(`${wsUrl}/${kind}/stream/identifiers`)
        let first = false
        let leaving = false
        const firstFrameTimer = setTimeout(() => {
          fail(`${kind} stream`, 'no first frame within 5 s')
          leave()
        }, 5000)
        const lifeTimer = setTimeout(() => leave(), Math.min(lifetime, Math.max(0, deadline - performance.now())))
        function leave() {
          leaving = true
          clearTimeout(firstFrameTimer)
          clearTimeout(lifeTimer)
          socket.close()
        }
        socket.on('message', (data) => {
          streamStats.frames += 1
          try {
            const frame = JSON.parse(data.toString())
            if (!Array.isArray(frame.iterable) || frame.iterable.some((item) => typeof item[key]?.id !== 'string')) {
              fail(`${kind} stream`, `malformed frame ${data.toString().slice(0, 120)}`)
            }
          } catch {
            fail(`${kind} stream`, `unparseable frame ${data.toString().slice(0, 120)}`)
          }
          if (!first) {
            first = true
            clearTimeout(firstFrameTimer)
          }
        })
        // Closing a socket that is still connecting (the run ending right after a reconnect) makes ws
        // report an error of the client's own doing; any error before the client chose to leave counts.
        socket.on('error', (error) => {
          if (!leaving) fail(`${kind} stream`, `error ${error.message}`)
        })
        socket.on('close', (code) => {
          if (!leaving) fail(`${kind} stream`, `closed by the server (${code})`)
          clearTimeout(firstFrameTimer)
          clearTimeout(lifeTimer)
          resolve()
        })
      })
    }
  }

  // Hostile traffic the mock must hold without growing: rejected bodies of 2 MiB, bodies nested too
  // deep, and stream clients that stop reading, one after another for the whole run.
  const HUGE = `[${'{},'.repeat(700_000)}{}]`
  const DEEP = `${'['.repeat(100)}${']'.repeat(100)}`
  async function hostileClient() {
    const { default: WebSocket } = await import('ws')
    while (running()) {
      for (const [name, body] of [
        ['hostile 2 MiB body', HUGE],
        ['hostile deep body', DEEP],
      ]) {
        await call(name, 'POST', '/conversations/create', 500, body)
        counts.set(name, (counts.get(name) ?? 0) + 1)
      }
      await new Promise((resolve) => {
        const socket = new WebSocket(`${wsUrl}/conversations/stream/identifiers`)
        socket.on('open', () => {
          socket.pause()
          setTimeout(() => socket.terminate(), 1000)
        })
        socket.on('error', () => {})
        socket.on('close', () => resolve())
      })
      counts.set('hostile paused stream client', (counts.get('hostile paused stream client') ?? 0) + 1)
    }
  }

  const started = performance.now()
  console.log(
    `soak: ${seconds} s against ${url} (server pid ${pid}), ${clients} HTTP clients, ${streamsPerKind * 2} stream clients, reset every ${resetEvery / 1000} s, store budget ${mib(budgetBytes)} MiB`,
  )
  const progress = setInterval(
    () => {
      const last = samples.at(-1)
      console.log(
        `  ${Math.round((performance.now() - started) / 1000)} s: ${requests} requests, ${errors.length} errors, heapUsed ${mib(last?.heapUsed)} MiB, rss ${mib(last?.rss)} MiB`,
      )
    },
    Math.max(5000, Math.min(60_000, (seconds * 1000) / 10)),
  )
  await Promise.all([
    ...Array.from({ length: clients }, httpClient),
    hostileClient(),
    budgetClient(),
    persistClient(),
    ...Array.from({ length: streamsPerKind }, () => streamClient('conversations')),
    ...Array.from({ length: streamsPerKind }, () => streamClient('assets')),
    resetter(),
  ])
  clearInterval(progress)
  const elapsed = (performance.now() - started) / 1000
  await killNow(budgetServer.child)
  await checkDurable().catch((error) => fail('durable', error.message))

  child.send({ type: 'stop' })
  await nextMessage('stopped').catch((error) => fail('server', error.message))
  await exited
  clearTimeout(watchdog)
  if (childExit.code !== 0) fail('server', `the server process exited with ${childExit.signal ?? childExit.code}`)

  // Memory: drop the warm-up, then compare the medians of the first and last fifths.
  const warmup = Math.max(5, Math.ceil(samples.length * 0.1))
  const steady = samples.slice(warmup)
  const fifth = Math.max(1, Math.floor(steady.length / 5))
  const firstHeap = median(steady.slice(0, fifth).map((sample) => sample.heapUsed))
  const lastHeap = median(steady.slice(-fifth).map((sample) => sample.heapUsed))
  const heapLimit = firstHeap * (1 + heapTolerance) + heapSlack
  const enough = steady.length >= 5
  const flat = !enough || lastHeap <= heapLimit
  const firstRss = median(steady.slice(0, fifth).map((sample) => sample.rss))
  const lastRss = median(steady.slice(-fifth).map((sample) => sample.rss))

  console.log('')
  console.log(`soak summary (${elapsed.toFixed(1)} s)`)
  console.log(`  requests      ${requests} (${Math.round(requests / elapsed)}/s), ${resets} resets`)
  console.log(`  by action     ${[...counts].map(([name, count]) => `${name} ${count}`).join(', ')}`)
  console.log(
    `  streams       ${streamStats.connections} connections (reconnecting every 2-5 s), ${streamStats.frames} frames`,
  )
  console.log(
    `  heapUsed      ${enough ? `first 20% median ${mib(firstHeap)} MiB, last 20% median ${mib(lastHeap)} MiB (${signed(lastHeap / firstHeap - 1)}), limit ${mib(heapLimit)} MiB` : `too few samples (${samples.length}) to judge`}`,
  )
  // Taken with nothing in flight right after each reset: the steadiest view of what the server keeps.
  const spread = Math.max(1, Math.ceil(quietSamples.length / 12))
  const quietShown = quietSamples.filter((_sample, index) => index % spread === 0 || index === quietSamples.length - 1)
  console.log(
    `  after resets  heapUsed ${quietShown.map((sample) => mib(sample.heapUsed)).join(' ') || '-'} MiB (${quietSamples.length} quiet samples)`,
  )
  console.log(
    `  rss           ${mib(firstRss)} -> ${mib(lastRss)} MiB (${samples.length} samples, ${warmup} s warm-up)`,
  )
  console.log(
    `  store budget  ${mib(budgetBytes)} MiB server, its session: ${budget.refused} writes refused with 507, ${budget.lists} list reads of the full store, ${budget.fills} deletes that made room`,
  )
  console.log(
    `  durable       --persist: ${durable.acknowledged.length} creates acknowledged (${durable.refused} refused with 507), after kill -9 and restart ${durable.found} found, ${durable.missing.length} missing`,
  )
  console.log(`  errors        ${errors.length}`)
  for (const error of errors.slice(0, 20)) console.log(`    ${error}`)
  if (errors.length > 20) console.log(`    … and ${errors.length - 20} more`)
  const passed = errors.length === 0 && flat
  console.log(
    `  verdict       ${passed ? 'PASS' : `FAIL${errors.length > 0 ? ' (errors)' : ''}${flat ? '' : ' (memory grew)'}`}`,
  )
  return passed ? 0 : 1
}

function median(values) {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function mib(bytes) {
  return bytes === undefined || Number.isNaN(bytes) ? '-' : (bytes / 2 ** 20).toFixed(1)
}

function signed(ratio) {
  return `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`
}
