import type { AssetRecord, FormatRecord, MessageRecord } from '../store/schemas/schemas.js'

const NAME_LIMIT = 60

/** The text of a message, or '' when it has none. */
function messageText(message: MessageRecord): string {
  return message.fragment?.string?.raw ?? ''
}

/** The first line of prose in a text: code fences, markdown marks and blank lines skipped. */
function firstProseLine(text: string): string {
  let inFence = false
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line.startsWith('```')) {
      inFence = !inFence
      continue
    }
    if (inFence || line === '') continue
    const prose = line
      .replace(/^[#>*\-\d.\s]+/, '')
      .replace(/[`*_]/g, '')
      .trim()
    if (prose) return prose
  }
  return ''
}

/** Cuts text at a word boundary to at most `limit` characters, adding '…' when cut. */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text
  const cut = text.slice(0, limit - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`
}

/**
 * The name the mock's "machine learning" gives a conversation: the first
 * line of its first user message (else any message), clipped; `fallback`
 * (a name the conversation already has) when no message has text.
 *
 * @example
 * deriveConversationName([message]) // 'How do I debounce a search input in React?'
 * deriveConversationName([], 'Release plan') // 'Release plan'
 */
export function deriveConversationName(messages: readonly MessageRecord[], fallback = 'New Conversation'): string {
  const ordered = [
    ...messages.filter((message) => message.role === 'USER'),
    ...messages.filter((message) => message.role !== 'USER'),
  ]
  for (const message of ordered) {
    const line = firstProseLine(messageText(message)).replace(/[.:;,]+$/, '')
    if (line) return clip(line.charAt(0).toUpperCase() + line.slice(1), NAME_LIMIT)
  }
  return fallback
}

/**
 * A deterministic summary of a conversation's messages, stored as its SUMMARY annotation.
 *
 * @example
 * summarizeMessages('Debounce a React search input', messages)
 */
export function summarizeMessages(name: string, messages: readonly MessageRecord[]): string {
  if (messages.length === 0) return `"${name}" has no messages yet.`
  const questions = messages.filter((message) => message.role === 'USER').map((m) => firstProseLine(messageText(m)))
  const answers = messages.filter((message) => message.role === 'ASSISTANT').map((m) => firstProseLine(messageText(m)))
  const lines = [`Summary of "${name}" (${messages.length} message${messages.length === 1 ? '' : 's'}).`]
  const asked = questions.filter(Boolean)
  const answered = answers.filter(Boolean)
  if (asked.length > 0) lines.push(`The user asked: ${asked.map((q) => clip(q, 120)).join(' Then: ')}`)
  if (answered.length > 0) lines.push(`The assistant answered: ${answered.map((a) => clip(a, 120)).join(' Then: ')}`)
  return lines.join('\n')
}

/**
 * The first message of a conversation created from an asset: the asset's
 * name, language and opening lines, as grounding.
 *
 * @example
 * assetGroundingMessage(asset, format)
 */
export function assetGroundingMessage(asset: AssetRecord, original: FormatRecord | undefined): string {
  const language = original?.classification.specific ?? 'UNKNOWN'
  const name = asset.name ?? 'Untitled snippet'
  const code = original?.fragment?.string?.raw ?? original?.file?.string?.raw ?? ''
  const opening = code.split('\n').slice(0, 8).join('\n').trimEnd()
  const lines = [`This conversation is grounded in the snippet "${name}" (${language}).`]
  if (opening) lines.push('', `It begins:`, '', '```' + language, opening, '```')
  return lines.join('\n')
}
