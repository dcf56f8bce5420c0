import type { RecordKind, RecordOf, ScoreRecord } from './schemas.js'

/**
 * The default of an empty link list and of a zero score, shared by every
 * record that has one: records are never edited in place (a write stores a
 * changed copy), so sharing them is safe, and a store of 100k records keeps
 * 100k fewer objects per field for the garbage collector to walk.
 */
const NO_IDS = Object.freeze([]) as unknown as string[]
const ZERO_SCORE = Object.freeze({ manual: 0, automatic: 0 }) as ScoreRecord

/** The application a format or an activity names when it is given none. */
export const DEFAULT_APPLICATION = Object.freeze({
  id: '00000000-0000-4000-8000-00000000a991',
  name: 'OPEN_SOURCE',
  version: '1.0.0',
  platform: 'LINUX',
  onboarded: false,
  privacy: 'OPEN',
} as const)

/** A user's look when it is given none. */
export const DEFAULT_AESTHETICS = Object.freeze({
  theme: Object.freeze({ dark: false }),
  font: Object.freeze({ size: 14 }),
}) as { theme: { dark: boolean }; font: { size: number } }

/** `fields` each given the empty link list. */
const links = (...fields: string[]) => Object.fromEntries(fields.map((field) => [field, NO_IDS]))

/**
 * Each kind's defaulted fields, in its schema's order, declared apart from the
 * schemas so that a store is made without building any of them (the schemas
 * default the same fields to the same values; a test holds the two equal).
 */
const DEFAULTS: { readonly [K in RecordKind]: Readonly<Record<string, unknown>> } = {
  conversation: {
    type: 'COPILOT',
    favorited: false,
    ...links('messages', 'annotations', 'assets', 'websites', 'anchors', 'summaries'),
    ...links('groundingMessages', 'groundingRanges'),
    score: ZERO_SCORE,
  },
  message: {
    score: ZERO_SCORE,
    ...links('assets', 'anchors', 'annotations', 'tags', 'websites', 'ranges', 'summaries', 'messages'),
  },
  annotation: { ...links('anchors', 'messages', 'tags', 'websites', 'summaries'), score: ZERO_SCORE },
  asset: {
    creator: '',
    mechanism: 'MANUAL',
    ...links('tags', 'websites', 'annotations', 'conversations', 'summaries', 'anchors', 'messages'),
    score: ZERO_SCORE,
    favorited: false,
  },
  format: { creator: '', role: 'BOTH', application: DEFAULT_APPLICATION },
  activity: { event: Object.freeze({}), application: DEFAULT_APPLICATION, mechanism: 'AUTOMATIC' },
  tag: {
    category: 'UNKNOWN',
    ...links('assets', 'anchors', 'annotations', 'messages', 'websites', 'summaries'),
    score: ZERO_SCORE,
  },
  website: {
    ...links('assets', 'conversations', 'annotations', 'messages', 'tags', 'summaries'),
    score: ZERO_SCORE,
  },
  anchor: { ...links('assets', 'conversations', 'annotations', 'messages', 'tags', 'summaries'), score: ZERO_SCORE },
  workstreamSummary: {
    ...links('assets', 'conversations', 'anchors', 'annotations', 'messages', 'ranges', 'tags', 'websites'),
    score: ZERO_SCORE,
  },
  range: { ...links('conversations', 'messages', 'summaries'), score: ZERO_SCORE },
  application: { onboarded: false, privacy: 'OPEN' },
  model: { downloaded: false, downloading: false, loaded: false, custom: false },
  user: { aesthetics: DEFAULT_AESTHETICS, signedIn: true },
}

const frozenByKind = new Map<RecordKind, Readonly<Record<string, unknown>>>()

/**
 * What a kind's schema fills in for each field it defaults (an empty link
 * list, a zero score, a type). The values are shared by every record built
 * from them, so objects among them are frozen.
 *
 * @example
 * recordDefaults('conversation').favorited // false
 */
export function recordDefaults<K extends RecordKind>(kind: K): Readonly<Partial<RecordOf<K>>> {
  let defaults = frozenByKind.get(kind)
  if (!defaults) {
    // Copied and frozen as a whole: with an unfrozen object (built key by key) as their source,
    // records copied from it made creates under load about a third slower (bench, POST route).
    defaults = Object.freeze({ ...DEFAULTS[kind] })
    frozenByKind.set(kind, defaults)
  }
  return defaults as Readonly<Partial<RecordOf<K>>>
}

/**
 * The empty link list records share until they are linked, for code that
 * builds stored records itself (the generator). It is frozen: a link gives
 * the record a list of its own.
 *
 * @example
 * const tag: TagRecord = { id, text, category: 'UNKNOWN', created, updated, assets: [], messages: sharedEmptyIds(), … }
 */
export function sharedEmptyIds(): string[] {
  return NO_IDS
}

/**
 * The zero score records share until one of their counters moves (frozen).
 *
 * @example
 * const range: RangeRecord = { id, created, updated, conversations: [], score: sharedZeroScore(), … }
 */
export function sharedZeroScore(): ScoreRecord {
  return ZERO_SCORE
}
