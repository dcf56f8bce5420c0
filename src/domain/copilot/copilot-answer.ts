import type { AssetRecord, FormatRecord, MessageRecord } from '../../store/schemas/schemas.js'
import { clip } from '../conversation-text.js'
import { exampleCode } from './example-code.js'
import { questionLanguage } from './question-language.js'

/** What a question is grounded in: the assets and messages its input names. */
export interface CopilotGrounding {
  readonly assets: ReadonlyArray<{ readonly asset: AssetRecord; readonly original: FormatRecord | undefined }>
  readonly messages: readonly MessageRecord[]
}

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

/**
 * The copilot's answer to a question, as markdown with a code block:
 * deterministic for a seed and a question, and grounded in the assets and
 * messages the input names (their names and first lines of code appear in it).
 * The block is the first named asset's code, unless the question names
 * another language: then (and without an asset) it is an example in the
 * language the question names (a Python question gets ```python),
 * TypeScript when it names none.
 *
 * @example
 * composeAnswer('How do I read a file?', { assets: [], messages: [] }, 1)
 * // '**How do I read a file?**\n\nLet me walk through it. …'
 */
export function composeAnswer(query: string, grounding: CopilotGrounding, seed: number): string {
  const pick = hashOf(`${seed}:${query}`)
  const title = clip(query.trim().split('\n')[0] ?? '', 80) || 'Your question'
  const parts = [`**${title}**`, OPENINGS[pick % OPENINGS.length]!]
  const grounded = grounding.assets[0]
  const asked = questionLanguage(query)
  if (grounded) {
    const { asset } = grounded
    const others = grounding.assets.length - 1
    parts.push(
      `Based on \`${asset.name ?? 'your snippet'}\`${others > 0 ? ` and ${others} other snippet${others > 1 ? 's' : ''}` : ''}:`,
    )
  }
  const specific = grounded?.original?.classification.specific
  // The snippet's own code, unless the question asks about another language than the snippet's.
  if (grounded && (asked === undefined || (specific !== undefined && questionLanguage(specific) === asked))) {
    const code = grounded.original?.fragment?.string?.raw ?? grounded.original?.file?.string?.raw ?? ''
    parts.push(`\`\`\`${specific ?? 'text'}\n${code.split('\n').slice(0, CODE_LINES).join('\n')}\n\`\`\``)
  } else {
    const language = asked ?? 'typescript'
    parts.push(`\`\`\`${language}\n${exampleCode(language, clip(title, 60), pick)}\n\`\`\``)
  }
  const earlier = grounding.messages.at(-1)?.fragment?.string?.raw
  if (earlier) parts.push(`Following on from "${clip(earlier.replace(/\s+/g, ' '), 60)}".`)
  parts.push(CLOSINGS[(pick >>> 3) % CLOSINGS.length]!)
  return parts.join('\n\n')
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
