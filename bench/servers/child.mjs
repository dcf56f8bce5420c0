// What every bench server process shares: its answers to the parent's calls
// over IPC (`settle`, `stats`, `close`, plus its own), and its ready message.

/**
 * Answers the parent's calls: each message `{ type, id, ... }` runs
 * `handlers[type]` and is answered `{ type: 'reply', id, result }` (or
 * `{ error }`). `close` runs `handlers.close` and exits.
 *
 * @example
 * answerCalls({ close: () => server.close() })
 * process.send({ type: 'ready', url })
 */
export function answerCalls(handlers) {
  const all = { settle, stats, ...handlers }
  process.on('message', async (message) => {
    if (typeof message?.type !== 'string' || message.type === 'reply') return
    const handler = all[message.type]
    try {
      if (!handler)
        throw new Error(
          `Failed to answer the bench's "${message.type}": this server has no such call. Check the section that sent it.`,
        )
      const result = await handler(message)
      process.send({ type: 'reply', id: message.id, result })
      if (message.type === 'close') setImmediate(() => process.exit(0))
    } catch (error) {
      process.send({ type: 'reply', id: message.id, error: error instanceof Error ? error.message : String(error) })
    }
  })
}

/**
 * Waits until this process is quiet: under 5% of one core (all its threads,
 * so file writes and the collector count) over three 20 ms windows in a row,
 * at most `maxMs`. Run between measured runs, so work one side left behind
 * (a file still being written, a collection) does not land on the other side.
 */
async function settle({ maxMs = 5000 } = {}) {
  const started = performance.now()
  let quiet = 0
  while (quiet < 3 && performance.now() - started < maxMs) {
    const before = process.cpuUsage()
    const at = performance.now()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const used = process.cpuUsage(before)
    const share = (used.user + used.system) / 1000 / (performance.now() - at)
    quiet = share < 0.05 ? quiet + 1 : 0
  }
  return { waitedMs: performance.now() - started, quiet: quiet >= 3 }
}

function stats() {
  return { ...process.memoryUsage(), cpu: process.cpuUsage() }
}
