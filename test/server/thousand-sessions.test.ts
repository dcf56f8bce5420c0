import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, describe, expect, it } from 'vitest'

let server: StandaloneServer | undefined
afterEach(() => server?.close())

const SESSIONS = 1000
/** Requests in flight at once, as a CI's e2e workers would send them. */
const WORKERS = 8

/** Runs `each` for 0 … count-1 with `WORKERS` of them in flight at once. */
async function inParallel(count: number, each: (n: number) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) await each(next++)
  }
  await Promise.all(Array.from({ length: WORKERS }, worker))
}

async function create(url: string, session: string, name: string): Promise<void> {
  const response = await fetch(`${url}/conversations/create`, {
    method: 'POST',
    body: JSON.stringify({ type: 'COPILOT', name }),
    headers: { 'content-type': 'application/json', 'x-mock-session': session },
  })
  await response.arrayBuffer()
  expect(response.status).toBe(200)
}

async function ownNames(url: string, session?: string): Promise<string[]> {
  const response = await fetch(`${url}/conversations`, { headers: session ? { 'x-mock-session': session } : {} })
  const body = (await response.json()) as { iterable: { name?: string }[] }
  return body.iterable.map((conversation) => conversation.name ?? '').filter((name) => name.startsWith('Only in '))
}

describe('a thousand sessions on one standalone server', () => {
  // Not timed: how long this takes depends on the machine (the bench's `sessions` section measures it).
  it('keeps 1,000 sessions at once with --max-sessions, each seeing its own writes and no other’s', async () => {
    server = await startStandaloneServer({ port: 0, maxSessions: SESSIONS })
    const url = server.url
    await inParallel(SESSIONS, (n) => create(url, `worker-${n}`, `Only in worker-${n}`))
    // Read after every session wrote: none of the 1,000 was dropped, and none sees another's write.
    await inParallel(SESSIONS, async (n) => {
      expect(await ownNames(url, `worker-${n}`)).toEqual([`Only in worker-${n}`])
    })
    expect(await ownNames(url)).toEqual([])
  }, 600_000)
})
