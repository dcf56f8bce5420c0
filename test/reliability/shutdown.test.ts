import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { afterEach, describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
let child: ChildProcess | undefined

/** Starts `node dist/cli/main.js --port 0` and resolves with its URL once it prints its ready line. */
async function startCli(
  args: readonly string[] = [],
): Promise<{ url: string; exited: Promise<[number | null, NodeJS.Signals | null]>; lines: string[] }> {
  const started = spawn(process.execPath, [bin, '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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

/** Adds a fault that delays the next `GET /conversations` by `delayMs`; resolves with its id. */
async function delayNextSnapshot(url: string, delayMs: number): Promise<string> {
  const added = await fetch(`${url}/__mock/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operation: 'conversationsSnapshot', delayMs, times: 1 }),
  })
  expect(added.status).toBe(201)
  return ((await added.json()) as { id: string }).id
}

/** Opens a raw connection and writes `bytes`; resolves once connected and written, with a promise of its close. */
async function openRaw(
  url: string,
  bytes: string,
): Promise<{ socket: Socket; closed: Promise<unknown>; received: () => string }> {
  const { port } = new URL(url)
  const socket = connect(Number(port), '127.0.0.1')
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  socket.on('error', () => {})
  const closed = once(socket, 'close')
  await once(socket, 'connect')
  if (bytes !== '') socket.write(bytes)
  return { socket, closed, received: () => received }
}

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

describe('the standalone CLI shuts down cleanly', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'answers a request in flight in full when %s arrives, then says it stopped and exits with 128 plus the signal',
    async (signal) => {
      const { url, exited, lines } = await startCli()
      const added = await fetch(`${url}/__mock/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
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
      expect({ code, killedBy }).toEqual({ code: signal === 'SIGTERM' ? 143 : 130, killedBy: null })
      expect(lines).toContain(`conversation-asset-mock stopping on ${signal}: finishing the requests in flight`)
      expect(lines.at(-1)).toBe('conversation-asset-mock stopped')
    },
  )

  it('refuses new connections once it is stopping, while the request in flight still completes', async () => {
    const { url, exited } = await startCli()
    const added = await fetch(`${url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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
    const answered = await slow
    expect(answered.status).toBe(200)
    expect(((await answered.json()) as { iterable: unknown[] }).iterable).toHaveLength(8)
    expect((await exited)[0]).toBe(143)
  })

  it('closes its identifier stream clients with 1001 (going away) and a reason, then exits 143', async () => {
    const { url, exited } = await startCli()
    const socket = new WebSocket(`${url.replace('http', 'ws')}/conversations/stream/identifiers`)
    await once(socket, 'message')
    const closed = once(socket, 'close') as Promise<[number, Buffer]>
    child!.kill('SIGTERM')
    const [code, reason] = await closed
    expect({ code, reason: reason.toString() }).toEqual({ code: 1001, reason: 'The mock is shutting down.' })
    expect((await exited)[0]).toBe(143)
  })

  it('closes a client that sent nothing, one with half its headers and one whose body never ends, and still exits 143', async () => {
    const { url, exited } = await startCli(['--shutdown-timeout', '1500'])
    const silent = await openRaw(url, '')
    const halfHeaders = await openRaw(url, 'GET /conversations HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ')
    const endless = await openRaw(
      url,
      'POST /conversations/create HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
        'expect: 100-continue\r\ncontent-length: 1000\r\n\r\n',
    )
    // The server has taken the request whose body never ends once it says 100 Continue.
    await new Promise<void>((resolve) =>
      endless.socket.on('data', () => endless.received().includes('100 Continue') && resolve()),
    )
    endless.socket.write('{"type":')
    const id = await delayNextSnapshot(url, 200)
    const slow = fetch(`${url}/conversations`)
    await waitUntilTaken(url, id)

    child!.kill('SIGTERM')
    const response = await slow
    expect(response.status).toBe(200)
    expect(((await response.json()) as { iterable: unknown[] }).iterable).toHaveLength(8)
    await Promise.all([silent.closed, halfHeaders.closed, endless.closed])
    const [code, killedBy] = await exited
    expect({ code, killedBy }).toEqual({ code: 143, killedBy: null })
    // Nothing was answered on the stalled connections: they were closed, not served.
    expect(silent.received()).toBe('')
    expect(halfHeaders.received()).toBe('')
    expect(endless.received()).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/)
  })

  it('stops at once when only idle keep-alive and silent connections are open', async () => {
    const { url, exited } = await startCli()
    const keptAlive = await openRaw(url, 'GET /.well-known/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n')
    await new Promise<void>((resolve) =>
      keptAlive.socket.on('data', () => keptAlive.received().endsWith('ok') && resolve()),
    )
    const silent = await openRaw(url, '')
    child!.kill('SIGTERM')
    await Promise.all([keptAlive.closed, silent.closed])
    expect((await exited)[0]).toBe(143)
  })
})
