import { once } from 'node:events'
import { WebSocket } from 'ws'
import { ask, call } from './chat-session.js'

/** The WebSockets the Python SDK's PiecesClient opens once a user is signed in. */
const SDK_SOCKETS = [
  '/conversations/stream/identifiers',
  '/assets/stream/identifiers',
  '/user/stream',
  '/.well-known/stream/health',
  '/anchors/stream/identifiers',
  '/workstream_pattern_engine/processors/vision/status/stream',
  '/ranges/stream/identifiers',
]

/**
 * A session of the Python SDK wrapper (pieces_os_client): PiecesClient's
 * start-up (health, connect, the user, then its seven sockets, each read to
 * its first frame), the models, the assets it lists and reads, one saved
 * from a string, a streamed question (copilot.stream_question) and the chat
 * it made, then the asset deleted; the sockets stay open throughout.
 */
export async function playPythonSdkSession(base: string): Promise<void> {
  await call(base, 'GET', '/.well-known/health')
  const context = (await call(base, 'POST', '/connect', {
    application: { name: 'OPEN_SOURCE', platform: 'LINUX', version: '4.4.1' },
  })) as { application: { id: string } }
  await call(base, 'GET', '/user')
  const sockets = await Promise.all(
    SDK_SOCKETS.map(async (path) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`)
      const first = once(socket, 'message')
      await once(socket, 'open')
      await first
      return socket
    }),
  )
  await call(base, 'GET', '/models')
  const listed = (await call(base, 'GET', '/assets/identifiers')) as { iterable: Array<{ id: string }> }
  for (const { id } of listed.iterable.slice(0, 2)) await call(base, 'GET', `/asset/${id}?transferables=true`)
  const application = context.application.id
  const created = (await call(base, 'POST', '/assets/create', {
    type: 'SEEDED_ASSET',
    asset: { application, format: { fragment: { string: { raw: 'print("hello")' } } } },
  })) as { id: string }
  await call(base, 'GET', `/asset/${created.id}?transferables=true`)
  const conversation = await ask(base, {
    application,
    query: 'Write a Python function that adds two numbers',
    model: 'gpt-3.5-turbo',
    options: { question: true },
  })
  await call(base, 'GET', `/conversation/${conversation}`)
  await call(base, 'POST', `/assets/${created.id}/delete`)
  await call(base, 'GET', '/assets/identifiers')
  for (const socket of sockets) {
    socket.close()
    await once(socket, 'close')
  }
}
