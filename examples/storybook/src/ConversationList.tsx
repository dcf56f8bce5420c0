import type { Conversation, ConversationMessage } from '@pieces.app/pieces-os-client'
import { useEffect, useState } from 'react'
import { BASE_URL, conversationApi, conversationsApi } from './client'

/** Lists conversations, keeps the list live over the identifier stream, and shows the selected one's messages. */
export function ConversationList() {
  const [conversations, setConversations] = useState<Conversation[] | undefined>()
  const [selected, setSelected] = useState<string | undefined>()
  const [messages, setMessages] = useState<ConversationMessage[]>([])

  useEffect(() => {
    const socket = new WebSocket(`${BASE_URL.replace('http', 'ws')}/conversations/stream/identifiers`)
    socket.addEventListener('message', async (event) => {
      const { iterable } = JSON.parse(String(event.data)) as {
        iterable: Array<{ conversation: { id: string }; deleted?: boolean }>
      }
      const fetched = await Promise.all(
        iterable
          .filter((item) => !item.deleted)
          .map((item) => conversationApi.conversationGetSpecificConversation({ conversation: item.conversation.id })),
      )
      const removed = new Set(iterable.filter((item) => item.deleted).map((item) => item.conversation.id))
      setConversations((previous) => {
        const byId = new Map((previous ?? []).map((conversation) => [conversation.id, conversation]))
        for (const id of removed) byId.delete(id)
        for (const conversation of fetched) byId.set(conversation.id, conversation)
        return [...byId.values()].sort((a, b) => b.updated.value.getTime() - a.updated.value.getTime())
      })
    })
    return () => socket.close()
  }, [])

  useEffect(() => {
    if (!selected) return
    conversationApi
      .conversationSpecificConversationMessages({ conversation: selected })
      .then(({ iterable }) => setMessages(iterable))
  }, [selected])

  if (!conversations) return <p>Loading conversations…</p>
  if (conversations.length === 0) return <p>No conversations yet.</p>
  return (
    <div style={{ display: 'flex', gap: 24, fontFamily: 'system-ui' }}>
      <ul aria-label="conversations" style={{ listStyle: 'none', padding: 0, minWidth: 280 }}>
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => setSelected(conversation.id)}
              aria-pressed={conversation.id === selected}
            >
              {conversation.name ?? 'New Conversation'}
            </button>
          </li>
        ))}
      </ul>
      <section aria-label="messages">
        {messages.map((message) => (
          <article key={message.id}>
            <strong>{message.role === 'USER' ? 'You' : 'Assistant'}</strong>
            <pre style={{ whiteSpace: 'pre-wrap' }}>{message.fragment?.string?.raw}</pre>
          </article>
        ))}
      </section>
    </div>
  )
}

/** Creates a conversation the way another client would, so the list above receives it over the stream. */
export function createConversationElsewhere(name: string) {
  return conversationsApi.conversationsCreateSpecificConversation({ seededConversation: { type: 'COPILOT', name } })
}
