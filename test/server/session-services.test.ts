import { describe, expect, it } from 'vitest'
import type { ServicePort } from '../../src/core/service-port.js'
import { createSessionServices } from '../../src/server/sessions/session-services.js'

/** A stand-in service that records whether it was closed; the store only creates and closes them. */
function fakeServices() {
  const closed: string[] = []
  const create = (id: string) => ({ id, close: () => closed.push(id) }) as unknown as ServicePort
  return { create, closed }
}

describe('the standalone server’s session store', () => {
  it('gives each session id one service of its own, the same on every use', () => {
    const { create } = fakeServices()
    const sessions = createSessionServices({ create })
    const first = sessions.get('a')
    expect(sessions.get('a')).toBe(first)
    expect(sessions.get('b')).not.toBe(first)
    expect(sessions.ids()).toEqual(['a', 'b'])
  })

  it('keeps at most maxSessions, closing the least recently used past it', () => {
    const { create, closed } = fakeServices()
    const sessions = createSessionServices({ create, maxSessions: 2 })
    sessions.get('a')
    sessions.get('b')
    sessions.get('a')
    sessions.get('c')
    expect(sessions.ids()).toEqual(['a', 'c'])
    expect(closed).toEqual(['b'])
  })

  it('drops and closes a session unused for idleMs, and starts it afresh when named again', () => {
    const { create, closed } = fakeServices()
    let now = 0
    const sessions = createSessionServices({ create, idleMs: 1000, now: () => now })
    const old = sessions.get('a')
    now = 500
    sessions.get('b')
    now = 1200
    sessions.get('b')
    expect(sessions.ids()).toEqual(['b'])
    expect(closed).toEqual(['a'])
    expect(sessions.get('a')).not.toBe(old)
  })

  it('refuses an id that is empty, too long or has other characters, with a message naming the rule', () => {
    const { create } = fakeServices()
    const sessions = createSessionServices({ create })
    for (const id of ['', 'x'.repeat(65), 'a b', 'a/b', 'ä']) {
      expect(() => sessions.get(id)).toThrow(/1 to 64 letters, digits/)
    }
    expect(sessions.ids()).toEqual([])
  })

  it('closes every session on close', () => {
    const { create, closed } = fakeServices()
    const sessions = createSessionServices({ create })
    sessions.get('a')
    sessions.get('b')
    sessions.close()
    expect(closed).toEqual(['a', 'b'])
    expect(sessions.ids()).toEqual([])
  })

  it('drops a session whose mock fails to get ready, handing it to dropped, and starts it afresh when named again', async () => {
    const closed: string[] = []
    const dropped: string[] = []
    const failed = Promise.reject(new Error('The records to load do not fit.'))
    const create = (id: string) => ({ id, ready: failed, close: () => closed.push(id) }) as unknown as ServicePort
    const sessions = createSessionServices({
      create,
      dropped: (service) => dropped.push((service as unknown as { id: string }).id),
    })
    const first = sessions.get('a')
    await expect(first.ready).rejects.toThrow('do not fit')
    expect(sessions.ids()).toEqual([])
    expect(closed).toEqual(['a'])
    expect(dropped).toEqual(['a'])
    expect(sessions.get('a')).not.toBe(first)
  })
})
