import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Starts a bench server (a file of bench/servers/) in a process of its own,
 * with this process's Node, and resolves when it listens. The handle calls the
 * server over IPC (`call(type, payload)`), waits until it is quiet
 * (`settle()`), and stops it (`stop()`).
 *
 * @example
 * const bare = await startServer('bare-server.mjs')
 * await bare.call('mirror', { base: mock.url, routes })
 * await bare.stop()
 */
export async function startServer(file, args = []) {
  const child = fork(fileURLToPath(new URL(`../servers/${file}`, import.meta.url)), args, {
    execArgv: ['--max-old-space-size=4096'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map()
  let nextId = 0
  let exited = false
  const failAll = (error) => {
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
  }
  child.on('message', (message) => {
    if (message?.type !== 'reply') return
    const waiting = pending.get(message.id)
    if (!waiting) return
    pending.delete(message.id)
    if (message.error) waiting.reject(new Error(message.error))
    else waiting.resolve(message.result)
  })
  const ready = await new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message?.type !== 'ready') return
      child.off('message', onMessage)
      resolve(message)
    }
    child.on('message', onMessage)
    child.once('exit', (code) =>
      reject(
        new Error(
          `Failed to start the bench server ${file}: it exited with code ${code} before listening. See its output above.`,
        ),
      ),
    )
  })
  child.once('exit', (code) => {
    exited = true
    failAll(new Error(`Failed to call the bench server ${file}: it exited with code ${code}. See its output above.`))
  })
  const call = (type, payload = {}) =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error(`Failed to call the bench server ${file}: it has exited.`))
      const id = nextId++
      pending.set(id, { resolve, reject })
      child.send({ ...payload, type, id })
    })
  return {
    url: ready.url,
    wsBase: ready.url.replace(/^http/, 'ws'),
    pid: child.pid,
    call,
    settle: () => call('settle'),
    async stop() {
      if (exited) return
      const gone = new Promise((resolve) => child.once('exit', resolve))
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      call('close').catch(() => undefined)
      await gone
      clearTimeout(timer)
    },
  }
}

/**
 * Stops every server started through `servers.start()` when `run` settles.
 *
 * @example
 * await withServers(async (servers) => {
 *   const mock = await servers.start('mock-server.mjs')
 * })
 */
export async function withServers(run) {
  const started = []
  try {
    return await run({
      async start(file, args) {
        const server = await startServer(file, args)
        started.push(server)
        return server
      },
    })
  } finally {
    await Promise.all(started.map((server) => server.stop()))
  }
}
