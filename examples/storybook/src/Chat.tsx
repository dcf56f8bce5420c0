import type { ConversationMessage, QGPTStreamOutput } from '@pieces.app/pieces-os-client'
import { useEffect, useRef, useState } from 'react'
import { BASE_URL, conversationApi, conversationsApi } from './client'

/**
 * A chat over the copilot stream, built the way Pieces' apps do it: the
 * conversation's messages from REST, a question sent over `/qgpt/stream`, the
 * answer drawn chunk by chunk, and the stored messages read again when it completes.
 */
export function Chat() {
  const [conversation, setConversation] = useState<string | undefined>()
  const [messages, setMessages] = useState<ConversationMessage[]>([])
  const [streaming, setStreaming] = useState<{ text: string; status: string } | undefined>()
  const [question, setQuestion] = useState('How do I debounce a function in TypeScript?')
  const socket = useRef<WebSocket | undefined>(undefined)

  const load = (id: string) =>
    conversationApi
      .conversationSpecificConversationMessages({ conversation: id })
      .then(({ iterable }) => setMessages(iterable))

  useEffect(() => {
    conversationsApi.conversationsSnapshot({}).then(({ iterable }) => {
      const first = iterable[0]
      if (!first) return
      setConversation(first.id)
      void load(first.id)
    })
    const qgpt = new WebSocket(`${BASE_URL.replace('http', 'ws')}/qgpt/stream`)
    qgpt.addEventListener('message', (event) => {
      const output = JSON.parse(String(event.data)) as QGPTStreamOutput
      const chunk = output.question?.answers.iterable[0]?.text ?? ''
      setStreaming((previous) => ({ text: (previous?.text ?? '') + chunk, status: output.status ?? 'UNKNOWN' }))
      if (output.status === 'COMPLETED' || output.status === 'FAILED' || output.status === 'STOPPED')
        void load(output.conversation)
    })
    socket.current = qgpt
    return () => qgpt.close()
  }, [])

  function ask() {
    if (!conversation || !socket.current) return
    setStreaming({ text: '', status: 'INITIALIZED' })
    socket.current.send(JSON.stringify({ conversation, question: { query: question, relevant: { iterable: [] } } }))
  }

  return (
    <div style={{ fontFamily: 'system-ui', maxWidth: 720 }}>
      <section aria-label="chat">
        {messages.map((message) => (
          <article key={message.id} data-role={message.role}>
            <strong>{message.role === 'USER' ? 'You' : 'Assistant'}</strong>
            <pre style={{ whiteSpace: 'pre-wrap' }}>{message.fragment?.string?.raw}</pre>
          </article>
        ))}
      </section>
      {streaming && (
        <output aria-label="reply" data-status={streaming.status}>
          <pre style={{ whiteSpace: 'pre-wrap' }}>{streaming.text}</pre>
        </output>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          ask()
        }}
      >
        <input
          aria-label="question"
          value={question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          style={{ width: 480 }}
        />
        <button type="submit" disabled={!conversation}>
          Ask
        </button>
      </form>
    </div>
  )
}
