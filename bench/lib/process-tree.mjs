import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/** How long a server may take to give its first answer (WireMock's JVM on a loaded machine is the slowest). */
const FIRST_ANSWER_MS = 60_000

/**
 * Starts a server as a command of its own (any language: a Node CLI, a JVM)
 * in a process group of its own, and resolves once it answers `probe` over
 * HTTP, with the milliseconds from spawn to that first answer and the CPU
 * milliseconds the process and its children spent until then. The handle
 * gives the resident memory of the process and its children (`rss()`, bytes,
 * from /proc), waits until they are quiet (`settle()`), and stops the whole
 * group (`stop()`).
 *
 * @example
 * const port = await freePort()
 * const peer = await spawnServer({ name: 'json-server', command: 'node', args: [bin, '--port', port, 'db.json'], port, probe: '/conversations' })
 * peer.startMs // 231
 * await peer.stop()
 */
export async function spawnServer({ name, command, args, port, probe, cwd, env }) {
  const started = performance.now()
  const child = spawn(command, args.map(String), {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk) => {
    // The last few kB, to say why a server did not start; the rest (request logs) is dropped.
    output = (output + chunk).slice(-4096)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  let exited = false
  const gone = new Promise((resolve) => child.once('exit', resolve))
  gone.then(() => (exited = true))
  const url = `http://127.0.0.1:${port}`
  try {
    await firstAnswer(`${url}${probe}`, () => exited)
  } catch (error) {
    killGroup(child.pid, 'SIGKILL')
    throw new Error(
      `Failed to start ${name}: ${error.message}. Its last output: ${output.trim().slice(-1000) || '(none)'}`,
    )
  }
  const startMs = performance.now() - started
  // CPU time spent until then, by the process and its children: what start-up costs, whatever the machine's load.
  const startCpuMs = treeTicks(child.pid) * 10
  return {
    name,
    url,
    pid: child.pid,
    startMs,
    startCpuMs,
    rss: () => treeRss(child.pid),
    settle: () => settleTree(child.pid),
    async stop() {
      if (exited) return
      killGroup(child.pid, 'SIGTERM')
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 3000)
      await gone
      clearTimeout(timer)
      // A JVM started by a Node launcher can outlive it: make sure nothing of the group is left.
      killGroup(child.pid, 'SIGKILL')
    },
  }
}

/**
 * A TCP port free on 127.0.0.1 at the time of asking.
 *
 * @example
 * const port = await freePort() // 40123
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Asks `url` every 5 ms until it answers (any status), the process exits, or FIRST_ANSWER_MS pass. */
async function firstAnswer(url, hasExited) {
  const deadline = performance.now() + FIRST_ANSWER_MS
  while (performance.now() < deadline) {
    if (hasExited()) throw new Error('it exited before answering')
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await response.arrayBuffer()
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  throw new Error(`it did not answer ${url} within ${FIRST_ANSWER_MS / 1000} s`)
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal)
  } catch {
    // The group is gone already.
  }
}

/** The pids of `pid` and all its descendants (Linux /proc; just `pid` elsewhere). */
function treePids(pid) {
  let entries
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))
  } catch {
    return [pid]
  }
  const childrenOf = new Map()
  for (const entry of entries) {
    const stat = readStat(Number(entry))
    if (!stat) continue
    const list = childrenOf.get(stat.ppid) ?? []
    list.push(Number(entry))
    childrenOf.set(stat.ppid, list)
  }
  const all = [pid]
  for (let index = 0; index < all.length; index++) all.push(...(childrenOf.get(all[index]) ?? []))
  return all
}

/** ppid, CPU ticks (user + system) and resident pages of one process, from /proc/<pid>/stat. */
function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), pages: Number(fields[21]) }
  } catch {
    return undefined
  }
}

/** CPU ticks (10 ms) of `pid` and its descendants so far (0 off Linux). */
function treeTicks(pid) {
  return treePids(pid).reduce((sum, each) => sum + (readStat(each)?.ticks ?? 0), 0)
}

/** Resident bytes of `pid` and its descendants (undefined off Linux). */
function treeRss(pid) {
  const stats = treePids(pid).map(readStat).filter(Boolean)
  if (stats.length === 0) return undefined
  return stats.reduce((sum, stat) => sum + stat.pages, 0) * 4096
}

/**
 * Waits until `pid` and its descendants are quiet: not one CPU tick (10 ms)
 * counted in three 50 ms windows in a row, at most `maxMs`.
 */
async function settleTree(pid, maxMs = 5000) {
  const ticks = () => treeTicks(pid)
  const started = performance.now()
  let quiet = 0
  while (quiet < 3 && performance.now() - started < maxMs) {
    const before = ticks()
    await new Promise((resolve) => setTimeout(resolve, 50))
    quiet = ticks() - before === 0 ? quiet + 1 : 0
  }
}
