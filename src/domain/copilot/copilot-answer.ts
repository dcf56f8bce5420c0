import type { CopilotGrounding, GroundingAsset } from './copilot-grounding.js'
import { questionTask, taskWording } from './common-tasks.js'
import { conversationLanguage } from './conversation-language.js'
import { exampleCode } from './example-code.js'
import { oneLineAnswer, oneLineKind } from './one-line-answer.js'
import { languageLabel, questionLanguage, tagLanguage, type CodeLanguage } from './question-language.js'
import { taskExample } from './task-examples.js'

const OPENINGS = [
  'Here is a short answer.',
  'Good question — here is how I would approach it.',
  'Let me walk through it.',
  'Here is what I would do.',
]

const CLOSINGS = [
  'Adjust the names to your project and it should drop in as is.',
  'Run it once with a small input first to check the behaviour.',
  'Ask a follow-up if you want this split into smaller functions.',
  'Keep the error handling close to the call, as above.',
]

const CODE_LINES = 12

/** The languages an answer weighs: the question's, the conversation's, and its snippets'. */
interface Languages {
  readonly asked: CodeLanguage | undefined
  readonly earlier: CodeLanguage | undefined
  readonly named: CodeLanguage | undefined
  readonly related: CodeLanguage | undefined
}

/**
 * The copilot's answer to a question, as markdown, built from the question
 * and deterministic for a seed and a question. A prompt asking for a commit
 * message, a title or a summary gets that one line (`oneLineAnswer`). Else
 * the answer's code block is, in order: the example of the common task the
 * question asks about (reversing a list, sorting, reading a file…) in its
 * language; the first named asset's code, unless the question names another
 * language; the stored asset most relevant to the question; a short starting
 * point. The language is the one the question names, else the one its
 * conversation is in, else its snippet's, else TypeScript. It never repeats
 * the question.
 *
 * @example
 * composeAnswer('How do I reverse a list in Python?', { assets: [], messages: [] }, 1)
 * // 'Let me walk through it.\n\nHere is how to reverse a list in Python:\n\n```python\nnumbers = [1, 2, 3, 4]\n…'
 */
export function composeAnswer(query: string, grounding: CopilotGrounding, seed: number): string {
  const kind = oneLineKind(query)
  if (kind) return oneLineAnswer(kind, query, grounding)
  const pick = hashOf(`${seed}:${query}`)
  const asked = questionLanguage(query)
  const languages: Languages = {
    asked,
    earlier: asked ? undefined : conversationLanguage(grounding.messages),
    named: snippetLanguage(grounding.assets[0]),
    related: snippetLanguage(grounding.related),
  }
  const parts = [OPENINGS[pick % OPENINGS.length]!, ...groundingLines(grounding, languages)]
  parts.push(...codeParts(query, grounding, languages, pick))
  parts.push(CLOSINGS[(pick >>> 3) % CLOSINGS.length]!)
  return parts.join('\n\n')
}

/** The lines that say what the answer stands on: the named snippets, the conversation's language. */
function groundingLines(grounding: CopilotGrounding, languages: Languages): string[] {
  const lines: string[] = []
  const named = grounding.assets[0]
  if (named) {
    const others = grounding.assets.length - 1
    const more = others > 0 ? ` and ${others} other snippet${others > 1 ? 's' : ''}` : ''
    lines.push(`Based on \`${named.asset.name ?? 'your snippet'}\`${more}:`)
  }
  if (languages.earlier)
    lines.push(`Staying with ${languageLabel(languages.earlier)}, as earlier in this conversation.`)
  return lines
}

/** The answer's code block, and the line that introduces it. */
function codeParts(query: string, grounding: CopilotGrounding, languages: Languages, pick: number): string[] {
  const { asked, earlier, named, related } = languages
  const language = asked ?? earlier ?? named ?? related ?? 'typescript'
  const task = questionTask(query)
  if (task) {
    const intro = `Here is how to ${taskWording(task).doing} in ${languageLabel(language)}:`
    return [intro, fenced(language, taskExample(language, task))]
  }
  const snippet = grounding.assets[0]
  // The snippet's own code, unless the question asks about another language than the snippet's.
  if (snippet && (asked === undefined || named === asked)) return [snippetBlock(snippet)]
  const wanted = asked ?? earlier
  if (!snippet && grounding.related && (wanted === undefined || related === wanted)) {
    const name = grounding.related.asset.name ?? 'a snippet'
    return [`The closest snippet you have saved is \`${name}\`:`, snippetBlock(grounding.related)]
  }
  return [fenced(language, exampleCode(language, pick))]
}

function snippetBlock({ original }: GroundingAsset): string {
  const code = original?.fragment?.string?.raw ?? original?.file?.string?.raw ?? ''
  return fenced(original?.classification.specific ?? 'text', code.split('\n').slice(0, CODE_LINES).join('\n'))
}

function snippetLanguage(snippet: GroundingAsset | undefined): CodeLanguage | undefined {
  const specific = snippet?.original?.classification.specific
  return specific === undefined ? undefined : tagLanguage(specific)
}

function fenced(tag: string, code: string): string {
  return `\`\`\`${tag}\n${code}\n\`\`\``
}

/**
 * Cuts an answer into the chunks a stream sends: a few words each, with the
 * whitespace kept, so the chunks joined give the answer back exactly.
 *
 * @example
 * answerChunks('one two three four', 2) // ['one two ', 'three four']
 */
export function answerChunks(text: string, wordsPerChunk = 3): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? []
  const chunks: string[] = []
  for (let index = 0; index < words.length; index += wordsPerChunk) {
    chunks.push(words.slice(index, index + wordsPerChunk).join(''))
  }
  return chunks
}

/** A small, stable string hash (FNV-1a), so answers repeat for the same seed and question. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
