import { clip } from '../conversation-text.js'
import type { CopilotGrounding } from './copilot-grounding.js'
import { commitMessage } from './commit-message.js'
import { questionTask, taskWording } from './common-tasks.js'
import { conversationLanguage } from './conversation-language.js'
import { queryKeywords } from './keyword-overlap.js'
import { languageLabel, questionLanguage, tagLanguage } from './question-language.js'

/** A prompt that wants one line back rather than an answer: a commit message, a title, a summary. */
export type OneLineKind = 'commit-message' | 'title' | 'summary'

/** How a prompt asks for each kind of line, checked in this order. */
const KINDS: ReadonlyArray<{ readonly kind: OneLineKind; readonly asks: RegExp }> = [
  { kind: 'commit-message', asks: /\bcommit messages?\b/i },
  {
    kind: 'title',
    asks: /\b(?:give|generate|write|create|suggest|make|provide|propose)\b[^.?!\n]{0,60}\btitle\b|^\s*title\b/im,
  },
  {
    kind: 'summary',
    asks: /\bsummari[sz]e\b[^.?!\n]{0,40}\b(?:conversation|chat|discussion|thread|this|that|above|following|it|messages?|text|code|changes|diff)\b|\b(?:give|generate|write|create|provide)\b[^.?!\n]{0,60}\b(?:summary|tldr)\b|^\s*(?:summary|tldr)\b/im,
  },
]

/** How much of a prompt is read for its kind: the text is client data, so the work is bounded. */
const SCAN_CHARS = 2000

/**
 * The kind of line a prompt asks for ("Generate a commit message…", "Give
 * this conversation a short title", "Summarize this conversation"), or
 * undefined for a question to answer. Reads the first 2,000 characters.
 *
 * @example
 * oneLineKind('Summarize this conversation in one line') // 'summary'
 */
export function oneLineKind(prompt: string): OneLineKind | undefined {
  const text = prompt.slice(0, SCAN_CHARS)
  return KINDS.find(({ asks }) => asks.test(text))?.kind
}

/** What a title or a summary is about, read from the prompt and the messages that ground it. */
interface Topic {
  readonly doing: string | undefined
  readonly language: string | undefined
  readonly asset: string | undefined
  readonly keywords: readonly string[]
  readonly messages: number
}

/**
 * The one line a prompt asks for: a commit message for the changes it
 * describes (`feat: add src/cache.ts`), or a title or a summary of what the
 * conversation is about (its task, language, snippet, keywords). Never the
 * prompt repeated; deterministic.
 *
 * @example
 * oneLineAnswer('title', 'Give this conversation a title', { assets: [], messages: [pythonReverseQuestion] })
 * // 'Reversing a list in Python'
 */
export function oneLineAnswer(kind: OneLineKind, prompt: string, grounding: CopilotGrounding): string {
  if (kind === 'commit-message') return commitMessage(prompt)
  const topic = topicOf(prompt, grounding)
  return kind === 'title' ? titleOf(topic) : summaryOf(topic)
}

function topicOf(prompt: string, grounding: CopilotGrounding): Topic {
  // The prompt itself is stored as the conversation's last message when it is streamed: it is not a topic.
  const earlier = grounding.messages.filter((message) => message.fragment?.string?.raw !== prompt)
  const texts = earlier.map((message) => message.fragment?.string?.raw ?? '').reverse()
  const task = [prompt, ...texts.slice(0, 20)].map(questionTask).find((found) => found !== undefined)
  const grounded = grounding.assets[0]
  const specific = grounded?.original?.classification.specific
  const language =
    questionLanguage(prompt) ?? conversationLanguage(earlier) ?? (specific ? tagLanguage(specific) : undefined)
  return {
    doing: task && taskWording(task).topic,
    language: language && languageLabel(language),
    asset: grounded?.asset.name ? clip(grounded.asset.name, 50) : undefined,
    keywords: queryKeywords(texts.join('\n')).slice(0, 3),
    messages: earlier.length,
  }
}

function titleOf(topic: Topic): string {
  const inLanguage = topic.language ? ` in ${topic.language}` : ''
  if (topic.doing) return `${topic.doing}${inLanguage}`
  if (topic.language) return `${topic.language} question`
  if (topic.asset) return `About ${topic.asset}`
  if (topic.keywords.length > 0) return `Notes on ${topic.keywords.join(', ')}`
  return 'Coding question'
}

function summaryOf(topic: Topic): string {
  const inLanguage = topic.language ? ` in ${topic.language}` : ''
  const subject = topic.doing
    ? `${topic.doing.charAt(0).toLowerCase()}${topic.doing.slice(1)}${inLanguage}`
    : topic.language
      ? `a ${topic.language} question`
      : topic.asset
        ? `the snippet ${topic.asset}`
        : topic.keywords.length > 0
          ? topic.keywords.join(', ')
          : 'a coding question'
  const over = topic.messages > 0 ? `, over ${topic.messages} message${topic.messages === 1 ? '' : 's'}` : ''
  return `A conversation about ${subject}${over}.`
}
