import { createMockService } from 'conversation-asset-mock'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, describe, expect, it } from 'vitest'

let server: StandaloneServer | undefined
afterEach(() => server?.close())

const KiB = 1024

/** Creates a conversation named with `size` characters, in the session given (or the default mock). */
async function create(url: string, size: number, session?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}/conversations/create`, {
    method: 'POST',
    body: JSON.stringify({ type: 'COPILOT', name: 'x'.repeat(size) }),
    headers: { 'content-type': 'application/json', ...(session && { 'x-mock-session': session }) },
  })
  return { status: response.status, text: await response.text() }
}

/** The bytes a scenario's records count against a store budget (the empty one's are the machine's: models, user, applications). */
async function seededBytes(scenario: 'default' | 'empty' = 'default'): Promise<number> {
  const service = createMockService({ scenario })
  await service.ready
  const { used } = service.store.bytes()
  service.close()
  return used
}

describe('one store budget for the standalone server and its sessions', () => {
  it('refuses a write in a session once the default mock holds most of the budget', async () => {
    server = await startStandaloneServer({ port: 0, scenario: 'empty', maxStoreBytes: 256 * KiB })
    expect((await create(server.url, 200 * KiB)).status).toBe(200)

    const refused = await create(server.url, 100 * KiB, 'a')
    expect(refused.status).toBe(507)
    expect(refused.text).toContain(`${256 * KiB}-byte budget (maxStoreBytes)`)
    expect((await create(server.url, 10 * KiB, 'a')).status).toBe(200)
  })

  it('refuses a write in the default mock once sessions hold most of the budget', async () => {
    // The default mock and two sessions each hold the empty scenario's machine records.
    const machine = await seededBytes('empty')
    server = await startStandaloneServer({ port: 0, scenario: 'empty', maxStoreBytes: 256 * KiB + 3 * machine })
    expect((await create(server.url, 120 * KiB, 'a')).status).toBe(200)
    expect((await create(server.url, 120 * KiB, 'b')).status).toBe(200)

    expect((await create(server.url, 100 * KiB)).status).toBe(507)
    expect(server.service.store.count('conversation')).toBe(0)
  })

  it('gives a dropped session’s bytes back to the budget', async () => {
    server = await startStandaloneServer({ port: 0, scenario: 'empty', maxStoreBytes: 256 * KiB, maxSessions: 1 })
    expect((await create(server.url, 200 * KiB, 'a')).status).toBe(200)
    expect((await create(server.url, 200 * KiB)).status).toBe(507)

    // Naming session b drops session a, the least recently used past maxSessions.
    expect((await create(server.url, 10 * KiB, 'b')).status).toBe(200)
    expect((await create(server.url, 200 * KiB)).status).toBe(200)
  })

  it('answers 507 naming the budget for a new session whose records do not fit, and starts it once they do', async () => {
    const seeded = await seededBytes()
    server = await startStandaloneServer({ port: 0, maxStoreBytes: Math.ceil(seeded * 1.5) })

    const refused = await fetch(`${server.url}/conversations`, { headers: { 'x-mock-session': 'late' } })
    expect(refused.status).toBe(507)
    expect(await refused.text()).toContain('budget (maxStoreBytes)')
    expect(server.service.store.bytes().used).toBe(seeded)

    // Room made in the default mock: the session is started afresh on its next request.
    await server.service.useScenario('empty')
    const started = await fetch(`${server.url}/conversations`, { headers: { 'x-mock-session': 'late' } })
    expect(started.status).toBe(200)
    const { iterable } = (await started.json()) as { iterable: unknown[] }
    expect(iterable.length).toBeGreaterThan(0)
  })
})
