/*
 * The default values records share, declared apart from every schema and
 * every kind so that the schema parts, the kinds' declarations and the
 * defaults all read them without importing each other.
 */

/**
 * A zero score as records share it: the two counters every Score has (the others are left out).
 *
 * @example
 * const score: ZeroScore = sharedZeroScore()
 */
export interface ZeroScore {
  readonly manual: number
  readonly automatic: number
}

/**
 * The default of an empty link list and of a zero score, shared by every
 * record that has one: records are never edited in place (a write stores a
 * changed copy), so sharing them is safe, and a store of 100k records keeps
 * 100k fewer objects per field for the garbage collector to walk.
 */
const NO_IDS = Object.freeze([]) as unknown as string[]
const ZERO_SCORE: ZeroScore = Object.freeze({ manual: 0, automatic: 0 })

/**
 * The application a format or an activity names when it is given none.
 *
 * @example
 * buildApplicationSchema().default(() => ({ ...DEFAULT_APPLICATION }))
 */
export const DEFAULT_APPLICATION = Object.freeze({
  id: '00000000-0000-4000-8000-00000000a991',
  name: 'OPEN_SOURCE',
  version: '1.0.0',
  platform: 'LINUX',
  onboarded: false,
  privacy: 'OPEN',
} as const)

/**
 * A user's look when it is given none.
 *
 * @example
 * DEFAULT_AESTHETICS.font.size // 14
 */
export const DEFAULT_AESTHETICS = Object.freeze({
  theme: Object.freeze({ dark: false }),
  font: Object.freeze({ size: 14 }),
}) as { theme: { dark: boolean }; font: { size: number } }

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
export function sharedZeroScore(): ZeroScore {
  return ZERO_SCORE
}

/**
 * `fields`, each given the shared empty link list: the link defaults of a kind's declaration.
 *
 * @example
 * defaults: { ...emptyLinks('assets', 'tags'), score: sharedZeroScore() }
 */
export function emptyLinks<F extends string>(...fields: F[]): { readonly [K in F]: string[] } {
  return Object.fromEntries(fields.map((field) => [field, NO_IDS])) as { readonly [K in F]: string[] }
}
