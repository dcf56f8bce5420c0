import type { Store } from '../../store/create-store.js'
import type { Transaction } from '../../store/transaction/transaction.js'
import type { WorkstreamSummaryRecord } from '../../store/schemas/schemas.js'
import { clip } from '../conversation-text.js'
import { createAnnotation } from '../record-writes.js'

/** A question to the long-term memory: the words to look for come from the question and its topics. */
export interface MemoryQuestion {
  readonly question: string
  readonly topics?: readonly string[]
}

/** A record the long-term memory recalls, with the text shown for it. */
export interface RecalledMemory {
  readonly kind: 'workstreamSummary' | 'conversation' | 'asset'
  readonly id: string
  readonly name: string
  /** The start of the record's text, clipped. */
  readonly excerpt: string
  /** How many of the question's keywords the record's texts hold. */
  readonly hits: number
  readonly created: string
}

/** A memory to keep, as `create_pieces_memory` takes it. */
export interface NewMemory {
  /** The memory's title: the workstream summary's name and its DESCRIPTION annotation. */
  readonly summaryDescription: string
  /** The narrative, kept as the SUMMARY annotation, with the project, files and links after it. */
  readonly summary: string
  readonly project?: string
  readonly files?: readonly string[]
  readonly externalLinks?: readonly string[]
}

/** At most this many records are recalled for a question. */
const MAX_RECALLED = 10
const EXCERPT_CHARS = 300
const NAME_CHARS = 120
/** Words too common to tell records apart. */
const STOP_WORDS = new Set(
  'the and for with what was were did how who why when where which this that from have has had you your our about into then than are not can could would should does do done there their them they i me my we is it its of to in on at a an or be by as yesterday today working work'.split(
    ' ',
  ),
)

/** The keywords of a question: its words of three letters or more that are not common ones, and its topics, lower-cased, each once. */
function memoryKeywords(question: MemoryQuestion): string[] {
  const words = question.question.toLowerCase().match(/[\p{L}\p{N}_][\p{L}\p{N}_.-]*[\p{L}\p{N}_]/gu) ?? []
  const kept = words.filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
  const topics = (question.topics ?? []).map((topic) => topic.trim().toLowerCase()).filter(Boolean)
  return [...new Set([...kept, ...topics])]
}

/**
 * What the long-term memory recalls for a question: the workstream summaries
 * (memories), conversations and saved assets whose texts hold its keywords,
 * most keywords first, then newest; at most ten.
 *
 * @example
 * recallMemories(store, { question: 'What did I decide about debouncing?' })[0]?.name // 'Debounce a React search input'
 */
export function recallMemories(store: Pick<Store, 'all' | 'get'>, question: MemoryQuestion): RecalledMemory[] {
  const keywords = memoryKeywords(question)
  if (keywords.length === 0) return []
  const found: RecalledMemory[] = []
  const consider = (
    kind: RecalledMemory['kind'],
    record: { id: string; created: string },
    name: string,
    texts: string[],
  ) => {
    const haystack = [name, ...texts].join('\n').toLowerCase()
    const hits = keywords.filter((keyword) => haystack.includes(keyword)).length
    if (hits === 0) return
    const excerpt = clip(texts.find((text) => text.trim() !== '') ?? name, EXCERPT_CHARS)
    found.push({ kind, id: record.id, name, excerpt, hits, created: record.created })
  }
  const annotationTexts = (ids: readonly string[]) => ids.map((id) => store.get('annotation', id)?.text ?? '')
  for (const summary of store.all('workstreamSummary')) {
    consider('workstreamSummary', summary, summary.name, annotationTexts(summary.annotations))
  }
  for (const conversation of store.all('conversation')) {
    const messages = conversation.messages.map((id) => store.get('message', id)?.fragment?.string?.raw ?? '')
    consider('conversation', conversation, conversation.name ?? '', [
      ...annotationTexts(conversation.annotations),
      ...messages,
    ])
  }
  for (const asset of store.all('asset')) {
    const formats = asset.formats.map((id) => store.get('format', id)?.fragment?.string?.raw ?? '')
    consider('asset', asset, asset.name ?? '', [...annotationTexts(asset.annotations), ...formats])
  }
  found.sort((a, b) => b.hits - a.hits || b.created.localeCompare(a.created))
  return found.slice(0, MAX_RECALLED)
}

/**
 * Keeps a memory as the service does: a workstream summary named after its
 * description, with a DESCRIPTION annotation and a SUMMARY annotation that
 * holds the narrative, then the project, files and links it names.
 *
 * @example
 * await store.write((tx) => createMemory(tx, { summaryDescription: 'Fixed the flaky upload test', summary: '…' }))
 */
export function createMemory(tx: Transaction, memory: NewMemory): WorkstreamSummaryRecord {
  const now = tx.timestamp()
  const summary = tx.insert('workstreamSummary', {
    id: tx.id(),
    name: clip(memory.summaryDescription.trim() || 'Memory', NAME_CHARS),
    created: now,
    updated: now,
  })
  const details = [
    memory.summary,
    ...(memory.project ? [`**Project:** ${memory.project}`] : []),
    ...(memory.files?.length ? ['**Files:**', ...memory.files.map((file) => `- ${file}`)] : []),
    ...(memory.externalLinks?.length ? ['**Links:**', ...memory.externalLinks.map((link) => `- ${link}`)] : []),
  ]
  createAnnotation(tx, { type: 'DESCRIPTION', text: memory.summaryDescription, workstream_summary: summary.id })
  createAnnotation(tx, { type: 'SUMMARY', text: details.join('\n\n'), workstream_summary: summary.id })
  return tx.require('workstreamSummary', summary.id)
}
