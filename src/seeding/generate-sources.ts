import type { ConversationRecord, SourceRecord, SourceWindowRecord } from '../store/schemas/schemas.js'
import { sharedEmptyIds, sharedZeroScore } from '../store/schemas/shared-defaults.js'
import type { Pools } from './generate-pools.js'
import type { Context } from './generation-context.js'
import { capitalize } from './word-lists.js'

/** The applications the generated sources are windows of: the application's name and what its window shows. */
const SOURCE_APPLICATIONS = [
  ['Visual Studio Code', (file: string) => `${file} - Visual Studio Code`],
  ['Google Chrome', (file: string) => `${capitalize(file)} - Google Chrome`],
  ['IntelliJ IDEA', (file: string) => `${file} - IntelliJ IDEA`],
  ['Terminal', (file: string) => `${file} - Terminal`],
] as const

/** What the generator gives of the pattern engine: its sources and the windows they name. */
interface GeneratedSources {
  sources: SourceRecord[]
  windows: SourceWindowRecord[]
}

/**
 * Sources of the workstream pattern engine, each with its window (the
 * window's title is the source's `raw.window`); a source is linked to a
 * website and a summary of the pools, and one in four grounds a
 * conversation; a window is linked to the same website and a tag. Both
 * sides of every link are written.
 */
export function createSources(
  context: Context,
  pools: Pools,
  conversations: readonly ConversationRecord[],
): GeneratedSources {
  const { random, words, uuid, iso } = context
  const sources: SourceRecord[] = []
  const windows: SourceWindowRecord[] = []
  for (let i = Math.max(2, Math.round(conversations.length / 50)); i > 0; i--) {
    const [application, titled] = random.pick(SOURCE_APPLICATIONS)
    const title = titled(words.noun())
    const created = iso(context.moment())
    const website = random.pick(pools.websites)
    const summary = random.pick(pools.summaries)
    const window: SourceWindowRecord = {
      id: uuid(),
      name: title,
      created,
      updated: created,
      score: sharedZeroScore(),
      websites: [website.id],
      tags: [],
      workstreamEvents: sharedEmptyIds(),
    }
    website.sourceWindows.push(window.id)
    const tag = random.pick(pools.tags)
    window.tags.push(tag.id)
    tag.sourceWindows.push(window.id)
    const source: SourceRecord = {
      id: uuid(),
      raw: { name: application, window: title, application },
      readable: application,
      created,
      updated: created,
      score: sharedZeroScore(),
      websites: [website.id],
      summaries: [summary.id],
      anchors: [],
      messages: [],
      conversations: [],
      persons: sharedEmptyIds(),
      workstreamEvents: sharedEmptyIds(),
    }
    website.sources.push(source.id)
    summary.sources.push(source.id)
    if (conversations.length > 0 && random.chance(0.25)) {
      const conversation = random.pick(conversations)
      source.conversations.push(conversation.id)
      // Conversations share one frozen empty list until one is grounded in a source.
      conversation.groundingSources = [...conversation.groundingSources, source.id]
    }
    sources.push(source)
    windows.push(window)
  }
  return { sources, windows }
}
