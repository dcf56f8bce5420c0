import type { Transaction } from '../store/transaction/transaction.js'
import type { FormatRecord } from '../store/schemas/schemas.js'
import type { SeedInput } from './inputs/seeds.js'
import { classificationOf, detectClassification, type Classification } from './language-detection.js'

/** The text a Seed's format carries: its fragment's, else its file's. */
export function seedText(seed: SeedInput): string {
  const seeded = seed.asset.format
  return seeded.fragment?.string?.raw ?? seeded.file?.string?.raw ?? ''
}

/**
 * How an asset made from a Seed is classified when the seed says so: by its
 * fragment's `ext`, else the classification it gives (its generic kept when
 * given); undefined when the seed names no language.
 */
function seedClassification(seed: SeedInput): Classification | undefined {
  const seeded = seed.asset.format
  const specific = seeded.fragment?.metadata?.ext ?? seeded.classification?.specific
  if (specific === undefined) return undefined
  const generic = seeded.classification?.generic
  return generic === undefined ? classificationOf(specific) : { generic, specific }
}

/**
 * How an asset made from a Seed is classified: as the seed says, else by
 * the language detected from its text (the detector is loaded on first use,
 * so only a seed without a language pays for it).
 *
 * @example
 * await classifySeed(seed) // { generic: 'CODE', specific: 'py' }
 */
export async function classifySeed(seed: SeedInput): Promise<Classification> {
  return seedClassification(seed) ?? (await detectClassification(seedText(seed)))
}

/** Whether a format holds text a language applies to (not an image, a video or a file reference). */
export function isReclassifiable(format: FormatRecord): boolean {
  return format.classification.generic === 'CODE' || format.classification.generic === 'TEXT'
}

/**
 * Gives a format of text or code a new language: its classification (CODE,
 * or TEXT for the text extensions) and its fragment's `ext` change together.
 *
 * @example
 * reclassifyFormat(tx, formatId, 'py')
 */
export function reclassifyFormat(tx: Transaction, id: string, ext: Classification['specific']): FormatRecord {
  const classification = classificationOf(ext)
  return tx.update('format', id, (draft) => {
    draft.classification = { ...draft.classification, ...classification }
    if (draft.fragment) draft.fragment.metadata = { ...draft.fragment.metadata, ext }
  })
}
