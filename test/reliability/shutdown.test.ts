import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { afterEach, describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
let child: ChildProcess | undefined

/** Starts `node dist/cli/main.js --port 0` and resolves with its URL once it prints its ready line. */
async function startCli(): Promise<{
  url: string
  exited: Promise<[number | null, NodeJS.Signals | null]>
  lines: string[]
}> {
  const started = spawn(process.execPath, [bin, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] })
  child = started
  const exited = once(started, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  const lines: string[] = []
  const ready = new Promise<string>((resolve, reject) => {
    createInterface({ input: started.stdout! }).on('line', (line) => {
      lines.push(line)
      if (line.includes(' ready on ')) resolve(line)
    })
    void exited.then(([code]) =>
      reject(new Error(`The CLI exited with ${code} before it was ready: ${lines.join(' | ')}`)),
    )
  })
  const url = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(await ready)![1]!
  return { url, exited, lines }
}

/**
 * Waits until the server has taken a one-time fault, i.e. until the request it
 * applies to is executing, by asking the control API (no sleeping).
 */
async function waitUntilTaken(url: string, faultId: string): Promise<void> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const { faults } = (await (await fetch(`${url}/__mock/faults`)).json()) as { faults: Array<{ id: string }> }
    if (!faults.some((fault) => fault.id === faultId)) return
  }
  throw new Error(`The fault ${faultId} was never taken.`)
}

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

describe('the standalone CLI shuts down cleanly', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'answers a request in flight in full when %s arrives, then exits 0',
    async (signal) => {
      const { url, exited, lines } = await startCli()
      const added = await fetch(`${url}/__mock/faults`, {
        method: 'POST',
        body: JSON.stringify({ operation: 'conversationsSnapshot', delayMs: 500, times: 1 }),
      })
      expect(added.status).toBe(201)
      const { id } = (await added.json()) as { id: string }

      const slow = fetch(`${url}/conversations`)
      await waitUntilTaken(url, id)
      child!.kill(signal)

      const response = await slow
      expect(response.status).toBe(200)
      // The connection ends with this answer, so the process need not wait for keep-alive to time out.
      expect(response.headers.get('connection')).toBe('close')
      const body = (await response.json()) as { iterable: unknown[] }
      expect(body.iterable).toHaveLength(8)

      const [code, killedBy] = await exited
      expect({ code, killedBy }).toEqual({ code: 0, killedBy: null })
      expect(lines).toContain(`conversation-asset-mock stopping on ${signal}: finishing the requests in flight`)
    },
  )

  it('refuses new connections once it is stopping, while the request in flight still completes', async () => {
    const { url, exited } = await startCli()
    const added = await fetch(`${url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ operation: 'conversationsSnapshot', delayMs: 500, times: 1 }),
    })
    const { id } = (await added.json()) as { id: string }
    const slow = fetch(`${url}/conversations`)
    await waitUntilTaken(url, id)
    const stopping = new Promise<void>((resolve) =>
      createInterface({ input: child!.stdout! }).on('line', (line) => line.includes('stopping on') && resolve()),
    )
    child!.kill('SIGTERM')
    await stopping
    await expect(fetch(`${url}/.well-known/health`)).rejects.toThrow()
    expect((await slow).status).toBe(200)
    expect((await exited)[0]).toBe(0)
  })

  it('closes its identifier stream clients and exits 0', async () => {
    const { url, exited } = await startCli()
    const socket = new WebSocket(`${url.replace('http', 'ws')}/conversations/stream/identifiers`)
    await once(socket, 'message')
    const closed = once(socket, 'close')
    child!.kill('SIGTERM')
    await closed
    expect((await exited)[0]).toBe(0)
  })
})
