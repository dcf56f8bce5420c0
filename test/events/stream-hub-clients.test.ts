import { describe, expect, it } from 'vitest'
import { createStreamHub, type StreamClient } from '../../src/events/stream-hub.js'

function client(): StreamClient & { frames: string[] } {
  const frames: string[] = []
  return { frames, send: (frame) => frames.push(frame), close: () => undefined }
}

describe('a stream hub’s count of every client', () => {
  it('counts the clients of every stream together, each once, and none after they leave', () => {
    const hub = createStreamHub()
    const first = client()
    const leaveAssets = hub.join('assets', first)
    const leaveAgain = hub.join('assets', first)
    const leaveHealth = hub.join('health', client())
    expect(hub.totalClients).toBe(2)
    leaveAssets()
    leaveAgain()
    expect(hub.totalClients).toBe(1)
    leaveHealth()
    expect(hub.totalClients).toBe(0)
  })

  it('counts none once its clients are disconnected or the hub is closed', () => {
    const hub = createStreamHub()
    hub.join('assets', client())
    hub.join('conversations', client())
    hub.disconnectAll(1012, 'Service restart')
    expect(hub.totalClients).toBe(0)
    hub.join('assets', client())
    hub.close({ code: 1001, reason: 'Going away' })
    expect(hub.totalClients).toBe(0)
  })
})
