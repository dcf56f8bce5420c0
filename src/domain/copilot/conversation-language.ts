import type { MessageRecord } from '../../store/schemas/schemas.js'
import { questionLanguage, tagLanguage, type CodeLanguage } from './question-language.js'

/** How many of a conversation's latest messages are read for its language. */
const RECENT_MESSAGES = 20

/**
 * The language a conversation is in, so that a follow-up naming none keeps
 * it: the latest of its 20 latest messages that shows one, a user's question
 * by the language it names, an answer by its first code block's language.
 * Undefined when none does.
 *
 * @example
 * conversationLanguage([pythonQuestion, pythonAnswer, 'And sort it?']) // 'python'
 */
export function conversationLanguage(messages: readonly MessageRecord[]): CodeLanguage | undefined {
  for (const message of messages.slice(-RECENT_MESSAGES).reverse()) {
    const text = message.fragment?.string?.raw ?? ''
    const language = message.role === 'ASSISTANT' ? fencedLanguage(text) : questionLanguage(text)
    if (language) return language
  }
  return undefined
}

/** The language of a text's first fenced code block (```python), when it names one. */
function fencedLanguage(text: string): CodeLanguage | undefined {
  const tag = /```([\w+#-]+)/.exec(text.slice(0, 20_000))?.[1]
  return tag === undefined ? undefined : tagLanguage(tag)
}
