import type { Transaction } from '../store/transaction/transaction.js'
import type { AnchorPointRecord, HintRecord, SensitiveRecord, ShareRecord } from '../store/schemas/schemas.js'
import type {
  SeededAnchorPointInput,
  SeededHintInput,
  SeededSensitiveInput,
  SeededShareInput,
} from './inputs/asset-detail-inputs.js'

/*
 * Creating hints, sensitive findings, shares and anchor points from the
 * client's seeds. Every record a seed names must exist (else the write fails
 * and changes nothing); links are made on both records.
 */

/**
 * Creates a hint from a SeededHint, on the asset it names.
 *
 * @example
 * await store.write((tx) => createHint(tx, { type: 'SUGGESTED_QUERY', text: 'How is this used?', asset: assetId }))
 */
export function createHint(tx: Transaction, seed: SeededHintInput): HintRecord {
  const now = tx.timestamp()
  const hint = tx.insert('hint', {
    id: tx.id(),
    type: seed.type,
    text: seed.text,
    created: now,
    updated: now,
    ...(seed.mechanism !== undefined && { mechanism: seed.mechanism }),
    ...(seed.model !== undefined && { model: seed.model }),
  })
  if (seed.asset !== undefined) tx.link('hint', hint.id, 'assets', seed.asset)
  return tx.require('hint', hint.id)
}

/**
 * Creates a sensitive finding from a SeededSensitive, in the asset it names.
 *
 * @example
 * await store.write((tx) => createSensitive(tx, { asset: assetId, text: 'sk-…', category: 'API_KEY', severity: 'HIGH', name: 'OpenAI key', description: 'A secret key' }))
 */
export function createSensitive(tx: Transaction, seed: SeededSensitiveInput): SensitiveRecord {
  const now = tx.timestamp()
  tx.require('asset', seed.asset)
  const sensitive = tx.insert('sensitive', {
    id: tx.id(),
    asset: seed.asset,
    text: seed.text,
    mechanism: seed.mechanism ?? 'MANUAL',
    category: seed.category,
    severity: seed.severity,
    name: seed.name,
    description: seed.description,
    created: now,
    updated: now,
    ...(seed.metadata !== undefined && { metadata: seed.metadata }),
  })
  tx.link('asset', seed.asset, 'sensitives', sensitive.id)
  return tx.require('sensitive', sensitive.id)
}

/**
 * Creates a share from a SeededShare, of the asset (or assets) it names.
 *
 * @example
 * await store.write((tx) => createShare(tx, { access: 'PUBLIC', asset: { id: assetId } }))
 */
export function createShare(tx: Transaction, seed: SeededShareInput): ShareRecord {
  const now = tx.timestamp()
  const share = tx.insert('share', {
    id: tx.id(),
    access: seed.access,
    created: now,
    updated: now,
    ...(seed.name !== undefined && { name: seed.name }),
  })
  const assets = [...(seed.asset ? [seed.asset.id] : []), ...(seed.assets?.iterable.map((asset) => asset.id) ?? [])]
  for (const asset of assets) tx.link('share', share.id, 'assets', asset)
  return tx.require('share', share.id)
}

/**
 * Creates an anchor point from a SeededAnchorPoint, on the anchor it names.
 *
 * @example
 * await store.write((tx) => createAnchorPoint(tx, { type: 'FILE', fullpath: '/home/ada/src/index.ts', anchor: anchorId }))
 */
export function createAnchorPoint(
  tx: Transaction,
  seed: Pick<SeededAnchorPointInput, 'fullpath' | 'anchor' | 'platform'>,
): AnchorPointRecord {
  const now = tx.timestamp()
  tx.require('anchor', seed.anchor)
  const point = tx.insert('anchorPoint', {
    id: tx.id(),
    anchor: seed.anchor,
    fullpath: seed.fullpath,
    created: now,
    updated: now,
    ...(seed.platform !== undefined && { platform: seed.platform }),
  })
  tx.link('anchor', seed.anchor, 'points', point.id)
  return tx.require('anchorPoint', point.id)
}

/**
 * Deletes an anchor with its points; every other record loses its links to it.
 *
 * @example
 * await store.write((tx) => deleteAnchor(tx, anchorId))
 */
export function deleteAnchor(tx: Transaction, id: string): void {
  const anchor = tx.require('anchor', id)
  tx.remove('anchor', id)
  for (const point of anchor.points) if (tx.get('anchorPoint', point)) tx.remove('anchorPoint', point)
}
