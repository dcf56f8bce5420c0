import { once } from 'node:events'
import { WebSocket } from 'ws'

type Json = Record<string, unknown>

/** Calls the service and reads its answer: JSON parsed, anything else as text. */
export async function call(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return text.startsWith('{') ? (JSON.parse(text) as unknown) : text
}

/** Sends one question on `/qgpt/stream` and reads its frames up to COMPLETED; resolves with the conversation's id. */
export async function ask(base: string, relevance: Json, conversation?: string): Promise<string> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/qgpt/stream`)
  await once(socket, 'open')
  const done = new Promise<string>((resolve) =>
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { status?: string; conversation?: string }
      if (frame.status === 'COMPLETED') resolve(frame.conversation!)
    }),
  )
  socket.send(JSON.stringify({ relevance, ...(conversation && { conversation }) }))
  const id = await done
  socket.close()
  await once(socket, 'close')
  return id
}

/**
 * A session with a streamed chat, in the order the `pieces` CLI's `ask`
 * and `chats` make their calls and the Python SDK's stream_question: start-up
 * (health, connect), the models, a question with no conversation (the
 * service creates one), the chats, the new chat and its messages, a follow-up
 * in it, a rename, then deleting it; the conversation identifiers stream is
 * open throughout.
 */
export async function playChatSession(base: string): Promise<void> {
  const identifiers = new WebSocket(`${base.replace(/^http/, 'ws')}/conversations/stream/identifiers`)
  const first = once(identifiers, 'message')
  await once(identifiers, 'open')
  await first
  await call(base, 'GET', '/.well-known/health')
  const context = (await call(base, 'POST', '/connect', {
    application: { name: 'OPEN_SOURCE', platform: 'LINUX', version: '4.4.1' },
  })) as { application: { id: string } }
  await call(base, 'GET', '/models')
  await call(base, 'GET', '/conversations/identifiers')
  const application = context.application.id
  const question = (query: string) => ({ application, query, model: 'gpt-3.5-turbo', options: { question: true } })
  const conversation = await ask(base, question('How do I reverse a list in Python?'))
  await call(base, 'GET', '/conversations/identifiers')
  const chat = (await call(base, 'GET', `/conversation/${conversation}`)) as Json & {
    messages: { indices?: Record<string, number> }
  }
  for (const id of Object.keys(chat.messages.indices ?? {})) await call(base, 'GET', `/message/${id}`)
  await ask(base, question('And in place?'), conversation)
  const again = (await call(base, 'GET', `/conversation/${conversation}`)) as Json
  await call(base, 'POST', '/conversation/update', { ...again, name: 'Reversing lists' })
  await call(base, 'GET', '/conversations')
  await call(base, 'POST', `/conversations/${conversation}/delete`)
  await call(base, 'GET', '/conversations/identifiers')
  identifiers.close()
  await once(identifiers, 'close')
}
