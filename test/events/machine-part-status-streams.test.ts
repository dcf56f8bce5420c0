import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime, type TestSocket } from './stream-runtimes.js'

/*
 * A machine part's status stream (Ollama's, Foundry's) sends its status
 * again when its own part changes, not when another part (the settings) does.
 * The frame its own change sends is the event waited on: frames on one socket
 * arrive in order, so every frame sent before it has arrived by then.
 */

type InstallerFrame = { installation?: { version?: string } }

describe.each(streamRuntimes)('installer status streams hear only their own part, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const control = async (path: string, body: unknown) => {
    const response = await fetch(`${mock.baseUrl}/__mock/machine/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.status, await response.text()).toBe(200)
  }

  beforeAll(async () => {
    mock = await start({ downloadPaceMs: 0 })
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it.each(['ollama', 'foundry'] as const)(
    "sends %s's status again for its own change only, not for a change of the settings",
    async (product) => {
      const status = mock.open<InstallerFrame>(mock.streamUrls[`${product}Status`])
      const settings = mock.open<{ autoboot?: boolean }>(mock.streamUrls.osSettings)
      sockets.push(status.socket, settings.socket)
      await Promise.all([status.opened, settings.opened])
      expect((await status.frames.next()).installation).toBeDefined()
      await settings.frames.next()

      await control('settings', { autoboot: false })
      await settings.frames.next((frame) => frame.autoboot === false)
      await control(`installers/${product}`, { installed: null })
      await status.frames.next((frame) => frame.installation === undefined)

      expect(status.frames.frames).toHaveLength(2)
    },
  )
})
