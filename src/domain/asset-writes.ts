import type { Transaction } from '../store/transaction/transaction.js'
import type { AssetRecord } from '../store/schemas/schemas.js'
import type { SeedInput } from './inputs/seeds.js'
import { nameForSnippet } from './asset-text.js'
import { recordActivity } from './asset-activity.js'
import { seedText } from './classification.js'
import type { Classification } from './language-detection.js'
import { createAnchor, createAnnotation, createTag, createWebsite } from './record-writes.js'

/**
 * Creates an asset with one format from a Seed, classified as given (see
 * `classifySeed`), named from its first line when no name is given. The
 * tags, websites, anchors and annotations its metadata carries become
 * records linked to it both ways, each as its own create route makes it
 * (with the activity the asset logs); the persons, sensitives and hints it
 * may carry are accepted and not kept.
 *
 * @example
 * await store.write((tx) => createAsset(tx, seed, { generic: 'CODE', specific: 'ts' }))
 */
export function createAsset(tx: Transaction, seed: SeedInput, classification: Classification): AssetRecord {
  const { format: seeded, application, metadata } = seed.asset
  const { specific } = classification
  const now = tx.timestamp()
  const assetId = tx.id()
  const formatId = tx.id()
  const fragment = seeded.fragment ? { ...seeded.fragment, metadata: { ext: specific } } : undefined
  tx.insert('asset', {
    id: assetId,
    name: metadata?.name ?? nameForSnippet(seedText(seed), specific),
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
    classification: { ...classification },
    role: 'BOTH',
    application,
    ...(fragment && { fragment }),
    ...(seeded.file && { file: seeded.file }),
    created: now,
    updated: now,
  })
  recordActivity(tx, assetId, 'created')
  for (const tag of metadata?.tags ?? []) createTag(tx, { ...tag, asset: assetId })
  for (const website of metadata?.websites ?? []) createWebsite(tx, { ...website, asset: assetId })
  for (const anchor of metadata?.anchors ?? []) createAnchor(tx, { ...anchor, asset: assetId })
  for (const annotation of metadata?.annotations ?? []) createAnnotation(tx, { ...annotation, asset: assetId })
  return tx.require('asset', assetId)
}

/**
 * Deletes an asset with its formats, activities, sensitive findings and own annotations; every
 * other record loses its links to it. Reads of its id then answer 410.
 *
 * @example
 * await store.write((tx) => deleteAsset(tx, id))
 */
export function deleteAsset(tx: Transaction, id: string): void {
  const asset = tx.require('asset', id)
  for (const activityId of tx.pointingAt('activity', 'asset', id)) tx.remove('activity', activityId)
  for (const annotationId of asset.annotations) {
    const annotation = tx.get('annotation', annotationId)
    if (annotation && annotation.conversation === undefined) tx.remove('annotation', annotationId)
  }
  for (const sensitiveId of asset.sensitives) {
    if (tx.get('sensitive', sensitiveId)) tx.remove('sensitive', sensitiveId)
  }
  tx.remove('asset', id)
  for (const formatId of asset.formats) {
    if (tx.get('format', formatId)) tx.remove('format', formatId)
  }
}
