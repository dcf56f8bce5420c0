import { Configuration, OSApi } from '@pieces.app/pieces-os-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime, type TestSocket } from './stream-runtimes.js'

/** Resolves with the close code a socket is closed with. */
function closedWith(socket: TestSocket): Promise<number> {
  return new Promise((resolve) =>
    (
      socket as unknown as { addEventListener(type: 'close', listener: (event: { code: number }) => void): void }
    ).addEventListener('close', (event) => resolve(event.code)),
  )
}

describe.each(streamRuntimes)('restarting the service, $name', ({ start }) => {
  let mock: StreamRuntime
  let os: OSApi

  beforeAll(async () => {
    mock = await start()
    os = new OSApi(new Configuration({ basePath: mock.baseUrl }))
  })
  afterAll(() => mock.close())

  it.each([
    ['osRestart', () => os.osRestart()],
    ['osTerminate', () => os.osTerminate()],
  ])(
    'closes every stream client with 1012 on %s, and accepts the client again at once with a fresh first frame',
    async (_name, call) => {
      const first = mock.open(mock.streamUrls.conversations)
      const second = mock.open(mock.streamUrls.assets)
      await Promise.all([first.frames.next(), second.frames.next()])
      const closes = Promise.all([closedWith(first.socket), closedWith(second.socket)])
      await call()
      expect(await closes).toEqual([1012, 1012])
      expect(mock.clientCount()).toBe(0)

      const again = mock.open<{ iterable: unknown[] }>(mock.streamUrls.conversations)
      const frame = await again.frames.next()
      expect(frame.iterable.length).toBe(mock.service.store.count('conversation'))
      expect(mock.clientCount()).toBe(1)
      again.socket.close()
    },
  )
})
