import type { Transaction } from '../store/transaction/transaction.js'
import type { AssetRecord } from '../store/schemas/schemas.js'
import type { SeedInput } from './inputs/seeds.js'
import { nameForSnippet } from './asset-text.js'

/** What happened to an asset, as the wire's TrackedAssetEventIdentifierDescriptionPairs says it. */
const ASSET_EVENTS = {
  created: { asset_created: 'an_asset_was_created' },
  viewed: { asset_viewed: 'an_asset_was_viewed' },
  updated: { asset_updated: 'an_asset_was_updated' },
  reclassified: {
    asset_format_specific_classification_updated: 'a_specific_classification_was_changed_on_a_format_within_an_asset',
  },
  tagAdded: { asset_tag_added: 'a_tag_was_added_by_the_user' },
  tagDeleted: { asset_tag_deleted: 'a_tag_was_deleted_by_the_user' },
  linkAdded: { asset_link_added: 'a_link_was_added_by_the_user' },
  linkDeleted: { asset_link_deleted: 'a_link_was_deleted_by_the_user' },
  anchorAdded: { asset_anchor_added: 'a_anchor_was_added_by_the_user' },
  anchorDeleted: { asset_anchor_deleted: 'a_anchor_was_deleted_by_the_user' },
  annotationAdded: { asset_annotation_added: 'an_annotation_was_added_by_the_user' },
  annotationDeleted: { asset_annotation_deleted: 'an_annotation_was_deleted_by_the_user' },
  formatValueEdited: { asset_format_value_edited: 'a_specific_format_value_was_edited_on_an_asset' },
} as const

export type AssetEvent = keyof typeof ASSET_EVENTS

/**
 * Appends an activity to an asset's log.
 *
 * @example
 * recordActivity(tx, assetId, 'viewed')
 */
export function recordActivity(tx: Transaction, assetId: string, event: AssetEvent): void {
  const asset = tx.require('asset', assetId)
  const now = tx.timestamp()
  tx.insert('activity', {
    id: tx.id(),
    asset: assetId,
    format: asset.original,
    event: { asset: { asset: { id: assetId }, identifier_description_pair: { ...ASSET_EVENTS[event] } } },
    mechanism: 'AUTOMATIC',
    created: now,
    updated: now,
  })
}

const TEXT_EXTENSIONS = new Set(['txt', 'text', 'md', 'markdown', 'mdown', 'mdwn', 'markdn', 'log', 'csv'])

/**
 * How an asset made from a Seed is classified: by its fragment's `ext`, or
 * the classification it gives; text extensions are TEXT, the rest CODE.
 *
 * @example
 * seedClassification(seed) // { generic: 'CODE', specific: 'ts' }
 */
export function seedClassification(seed: SeedInput) {
  const seeded = seed.asset.format
  const specific = seeded.fragment?.metadata?.ext ?? seeded.classification?.specific ?? 'text'
  const generic = seeded.classification?.generic ?? (TEXT_EXTENSIONS.has(specific) ? 'TEXT' : 'CODE')
  return { generic, specific }
}

/**
 * Creates an asset with one format from a Seed, classified by its `ext`
 * (or its classification), named from its first line when no name is given.
 *
 * @example
 * await store.write((tx) => createAsset(tx, seed))
 */
export function createAsset(tx: Transaction, seed: SeedInput): AssetRecord {
  const { format: seeded, application, metadata } = seed.asset
  const { generic, specific } = seedClassification(seed)
  const raw = seeded.fragment?.string?.raw ?? seeded.file?.string?.raw ?? ''
  const now = tx.timestamp()
  const assetId = tx.id()
  const formatId = tx.id()
  const fragment = seeded.fragment ? { ...seeded.fragment, metadata: { ext: specific } } : undefined
  tx.insert('asset', {
    id: assetId,
    name: metadata?.name ?? nameForSnippet(raw, specific),
    mechanism: metadata?.mechanism ?? 'MANUAL',
    created: now,
    updated: now,
    formats: [formatId],
    original: formatId,
    preview: { base: formatId },
  })
  tx.insert('format', {
    id: formatId,
    asset: assetId,
    classification: { generic, specific },
    role: 'BOTH',
    application,
    ...(fragment && { fragment }),
    ...(seeded.file && { file: seeded.file }),
    created: now,
    updated: now,
  })
  recordActivity(tx, assetId, 'created')
  return tx.require('asset', assetId)
}

/**
 * Deletes an asset with its formats, activities and own annotations; every
 * other record loses its links to it. Reads of its id then answer 410.
 *
 * @example
 * await store.write((tx) => deleteAsset(tx, id))
 */
export function deleteAsset(tx: Transaction, id: string): void {
  const asset = tx.require('asset', id)
  for (const activity of [...tx.all('activity')]) {
    if (activity.asset === id) tx.remove('activity', activity.id)
  }
  for (const annotationId of asset.annotations) {
    const annotation = tx.get('annotation', annotationId)
    if (annotation && annotation.conversation === undefined) tx.remove('annotation', annotationId)
  }
  tx.remove('asset', id)
  for (const formatId of asset.formats) {
    if (tx.get('format', formatId)) tx.remove('format', formatId)
  }
}
