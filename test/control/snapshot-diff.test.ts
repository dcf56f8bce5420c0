import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diffSnapshots } from '../../src/control/inspection/snapshot-diff.js'
import { createStore } from '../../src/store/create-store.js'
import { fixedClock } from '../../src/store/clock-and-ids/clock.js'
import { read } from '../support/read.js'

const at = '2024-05-01T12:00:00.000Z'

/** A conversation record named `name`. */
const conversation = (id: string, name: string) => ({ id, type: 'COPILOT', name, created: at, updated: at }) as never

describe('the store against a snapshot', () => {
  it('lists records added, changed with the fields that changed, and removed, per kind', async () => {
    const store = createStore({ clock: fixedClock(at) })
    await store.write((tx) => {
      tx.insert('conversation', conversation('kept', 'Kept as it was'))
      tx.insert('conversation', conversation('renamed', 'Old name'))
      tx.insert('conversation', conversation('removed', 'Going away'))
    })
    const before = store.snapshot()
    await store.write((tx) => {
      tx.update('conversation', 'renamed', (draft) => void (draft.name = 'New name'), { touch: false })
      tx.remove('conversation', 'removed')
      tx.insert('conversation', conversation('added', 'Brand new'))
    })

    expect(diffSnapshots(before, store.snapshot())).toEqual({
      kinds: {
        conversation: {
          added: [{ id: 'added', label: 'Brand new' }],
          changed: [{ id: 'renamed', label: 'New name', fields: ['name'] }],
          removed: [{ id: 'removed', label: 'Going away' }],
          counts: { added: 1, changed: 1, removed: 1 },
        },
      },
    })
    expect(diffSnapshots(before, before)).toEqual({ kinds: {} })
  })

  it('counts every difference but lists at most the limit of each', async () => {
    const store = createStore({ clock: fixedClock(at) })
    const before = store.snapshot()
    await store.write((tx) => {
      for (let n = 0; n < 5; n++) tx.insert('conversation', conversation(`c${n}`, `number ${n}`))
    })
    const diff = diffSnapshots(before, store.snapshot(), 2).kinds.conversation!
    expect(diff.counts).toEqual({ added: 5, changed: 0, removed: 0 })
    expect(diff.added.map((row) => row.id)).toEqual(['c0', 'c1'])
  })
})

describe('GET /__mock/snapshots/{id}/diff', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server?.close())

  it('answers what changed since a snapshot, 404 for one not kept, and 403 to a page of another origin', async () => {
    const taken = (await (await fetch(`${server.url}/__mock/snapshots`, { method: 'POST' })).json()) as { id: string }
    const created = (await (
      await fetch(`${server.url}/conversations/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'COPILOT', name: 'Made after the snapshot' }),
      })
    ).json()) as { id: string }

    const answer = await fetch(`${server.url}/__mock/snapshots/${taken.id}/diff`)
    expect(answer.status).toBe(200)
    const diff = (await answer.json()) as { kinds: Record<string, { added: unknown[]; counts: unknown }> }
    expect(diff.kinds.conversation?.added).toEqual([{ id: created.id, label: 'Made after the snapshot' }])
    expect(diff.kinds.conversation?.counts).toEqual({ added: 1, changed: 0, removed: 0 })

    const missing = await fetch(`${server.url}/__mock/snapshots/snapshot-999/diff`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('No snapshot "snapshot-999" is kept. GET /__mock/snapshots lists them.')

    const foreign = await fetch(`${server.url}/__mock/snapshots/${taken.id}/diff`, {
      headers: { origin: 'http://evil.example' },
    }).then(read)
    expect(foreign.status).toBe(403)
  })

  it('answers what changed from one snapshot to another (?against=), whatever the store holds now', async () => {
    const take = async () =>
      ((await (await fetch(`${server.url}/__mock/snapshots`, { method: 'POST' })).json()) as { id: string }).id
    const first = await take()
    const created = (await (
      await fetch(`${server.url}/conversations/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'COPILOT', name: 'Between the two' }),
      })
    ).json()) as { id: string }
    const second = await take()
    await fetch(`${server.url}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COPILOT', name: 'After both' }),
    }).then(read)

    const answer = await fetch(`${server.url}/__mock/snapshots/${first}/diff?against=${second}`)
    const diff = (await answer.json()) as { kinds: Record<string, { added: unknown[] }> }
    expect(diff.kinds.conversation?.added).toEqual([{ id: created.id, label: 'Between the two' }])

    const missing = await fetch(`${server.url}/__mock/snapshots/${first}/diff?against=snapshot-999`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('No snapshot "snapshot-999" is kept. GET /__mock/snapshots lists them.')
  })
})
