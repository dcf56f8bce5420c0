import { sharedEmptyIds, sharedZeroScore } from '../store/schemas/shared-defaults.js'
import type { Random } from './seeded-sources.js'

/** The link lists and score of a generated annotation: none of its own, shared with every other record. */
export function annotationLinks() {
  const none = sharedEmptyIds()
  return {
    anchors: none,
    messages: none,
    tags: none,
    websites: none,
    summaries: none,
    persons: none,
    workstreamEvents: none,
    score: sharedZeroScore(),
  }
}

/**
 * Writes one link on both records: the owner's list gets the target, the target's list gets the owner.
 *
 * @example
 * link(asset.tags, tag.id, tag.assets, asset.id)
 */
export function link(ownerList: string[], targetId: string, targetList: string[], ownerId: string): void {
  ownerList.push(targetId)
  targetList.push(ownerId)
}

/**
 * With probability `chance`, links the owner to one record drawn from `pool`, on both sides.
 *
 * @example
 * maybeLink(random, 0.2, pools.websites, asset.websites, 'assets', asset.id)
 */
export function maybeLink<Field extends string>(
  random: Random,
  chance: number,
  pool: ReadonlyArray<{ id: string } & Record<Field, string[]>>,
  ownerList: string[],
  backField: Field,
  ownerId: string,
): void {
  if (!random.chance(chance)) return
  const target = random.pick(pool)
  link(ownerList, target.id, target[backField], ownerId)
}

/**
 * Returns `text` flattened. V8 keeps a string built by concatenation as a tree
 * of its pieces until something reads it; reading one character turns it into
 * one flat string in place. At 100,000 records that roughly halves the memory
 * the result holds and the garbage-collection time spent building it.
 *
 * @example
 * const name = flat(`${verb} ${noun}`)
 */
export function flat(text: string): string {
  text.charCodeAt(0)
  return text
}
