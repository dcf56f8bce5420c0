import { once } from 'node:events'
import { WebSocket } from 'ws'

/** What a session left behind for the test to look at. */
export interface PlayedSession {
  readonly conversation: string
  readonly frames: string[]
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer secret-bearer-token', cookie: 'session=abc' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return text.startsWith('{') ? (JSON.parse(text) as unknown) : text
}

/**
 * A session a Pieces client could have: it reads every kind of record,
 * creates a conversation and a tag, renames the conversation, asks the
 * copilot a question in it (with `copilot`), deletes the tag, and listens to the conversation
 * identifiers stream throughout.
 */
export async function playSession(base: string, { copilot = false } = {}): Promise<PlayedSession> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/conversations/stream/identifiers`)
  const frames: string[] = []
  const framesArrived = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (frames.length >= count ? resolve() : socket.once('message', () => setImmediate(check)))
      check()
    })
  socket.on('message', (data) => frames.push(String(data)))
  await once(socket, 'open')
  await framesArrived(1)
  for (const path of ['/conversations', '/messages', '/assets', '/tags', '/websites', '/anchors', '/annotations']) {
    await call(base, 'GET', path)
  }
  for (const path of [
    '/workstream_summaries',
    '/ranges',
    '/persons',
    '/workstream_events',
    '/models',
    '/applications',
    '/user',
  ])
    await call(base, 'GET', path)
  // The pattern engine's sources and windows, so the links to them come back on import.
  for (const path of ['/workstream_pattern_engine/sources', '/workstream_pattern_engine/source_windows'])
    await call(base, 'GET', path)
  const created = (await call(base, 'POST', '/conversations/create', {
    type: 'COPILOT',
    name: 'Recorded session',
  })) as {
    id: string
  }
  await framesArrived(2)
  const tag = (await call(base, 'POST', '/tags/create', { text: 'recorded' })) as { id: string }
  const conversation = (await call(base, 'GET', `/conversation/${created.id}`)) as Record<string, unknown>
  await call(base, 'POST', '/conversation/update', { ...conversation, name: 'Renamed in the session' })
  await framesArrived(3)
  if (copilot) await askCopilot(base, created.id)
  await call(base, 'POST', `/tags/${tag.id}/delete`)
  await call(base, 'GET', `/conversation/${created.id}`)
  await call(base, 'GET', '/conversations')
  socket.close()
  await once(socket, 'close')
  return { conversation: created.id, frames }
}

/** Asks the copilot one question in a conversation over /qgpt/stream, until its answer is COMPLETED. */
async function askCopilot(base: string, conversation: string): Promise<void> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/qgpt/stream`)
  await once(socket, 'open')
  const completed = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { status?: string }).status === 'COMPLETED') resolve()
    }),
  )
  socket.send(
    JSON.stringify({
      question: { query: 'How do I debounce?', relevant: { iterable: [] } },
      conversation,
      request: 'r-1',
    }),
  )
  await completed
  socket.close()
  await once(socket, 'close')
}
