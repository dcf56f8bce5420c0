import type { Transaction } from '../store/transaction/transaction.js'

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
