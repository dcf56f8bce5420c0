import type { Transaction } from '../store/transaction/transaction.js'
import type {
  ActivityRecord,
  AnchorRecord,
  AnnotationRecord,
  RangeRecord,
  TagRecord,
  WebsiteRecord,
  WorkstreamSummaryRecord,
} from '../store/schemas/schemas.js'
import { recordActivity } from './asset-activity.js'
import { createAnchorPoint } from './asset-detail-writes.js'
import type {
  SeededActivityInput,
  SeededAnchorInput,
  SeededAnnotationInput,
  SeededRangeInput,
  SeededTagInput,
  SeededWebsiteInput,
  SeededWorkstreamSummaryInput,
} from './inputs/record-seeds.js'

/*
 * Creating the records conversations and assets link to, from the client's
 * seeds. Every record a seed names must exist (else the write fails and
 * changes nothing); links are made on both records, and an asset logs them as
 * its link routes do.
 */

const idsOf = (list: { readonly iterable: ReadonlyArray<{ readonly id: string }> } | undefined) =>
  list?.iterable.map((item) => item.id) ?? []

/**
 * Creates an annotation from a SeededAnnotation: it belongs to the asset or
 * conversation it names, and is linked to the anchors, messages, tags,
 * websites, workstream summaries, persons and workstream events it lists.
 *
 * @example
 * await store.write((tx) => createAnnotation(tx, { type: 'COMMENT', text: 'Looks right', asset: assetId }))
 */
export function createAnnotation(tx: Transaction, seed: SeededAnnotationInput): AnnotationRecord {
  const now = tx.timestamp()
  const annotation = tx.insert('annotation', {
    id: tx.id(),
    type: seed.type,
    text: seed.text,
    created: now,
    updated: now,
    ...(seed.favorited !== undefined && { favorited: seed.favorited }),
  })
  const id = annotation.id
  if (seed.asset !== undefined) {
    tx.link('asset', seed.asset, 'annotations', id)
    recordActivity(tx, seed.asset, 'annotationAdded')
  }
  if (seed.conversation !== undefined) tx.link('conversation', seed.conversation, 'annotations', id)
  for (const anchor of [...(seed.anchor === undefined ? [] : [seed.anchor]), ...idsOf(seed.anchors)]) {
    tx.link('anchor', anchor, 'annotations', id)
  }
  for (const message of idsOf(seed.messages)) tx.link('message', message, 'annotations', id)
  for (const tag of idsOf(seed.tags)) tx.link('annotation', id, 'tags', tag)
  for (const website of idsOf(seed.websites)) tx.link('annotation', id, 'websites', website)
  const summaries = [
    ...(seed.workstream_summary === undefined ? [] : [seed.workstream_summary]),
    ...idsOf(seed.summaries),
  ]
  for (const summary of summaries) tx.link('annotation', id, 'summaries', summary)
  for (const person of [...(seed.person === undefined ? [] : [seed.person]), ...idsOf(seed.persons)]) {
    tx.link('person', person, 'annotations', id)
  }
  for (const event of idsOf(seed.workstream_events)) tx.link('workstreamEvent', event, 'annotations', id)
  return tx.require('annotation', id)
}

/**
 * Creates a tag from a SeededTag, on the asset and the person it names.
 *
 * @example
 * await store.write((tx) => createTag(tx, { text: 'react', asset: assetId }))
 */
export function createTag(tx: Transaction, seed: SeededTagInput): TagRecord {
  const now = tx.timestamp()
  const tag = tx.insert('tag', {
    id: tx.id(),
    text: seed.text,
    category: seed.category ?? 'UNKNOWN',
    created: now,
    updated: now,
  })
  if (seed.asset !== undefined) {
    tx.link('asset', seed.asset, 'tags', tag.id)
    recordActivity(tx, seed.asset, 'tagAdded')
  }
  if (seed.person !== undefined) tx.link('person', seed.person, 'tags', tag.id)
  return tx.require('tag', tag.id)
}

/**
 * Creates a website from a SeededWebsite, on the asset, conversation and person it names.
 *
 * @example
 * await store.write((tx) => createWebsite(tx, { url: 'https://example.com', name: 'Example' }))
 */
export function createWebsite(tx: Transaction, seed: SeededWebsiteInput): WebsiteRecord {
  const now = tx.timestamp()
  const website = tx.insert('website', { id: tx.id(), url: seed.url, name: seed.name, created: now, updated: now })
  if (seed.asset !== undefined) {
    tx.link('asset', seed.asset, 'websites', website.id)
    recordActivity(tx, seed.asset, 'linkAdded')
  }
  if (seed.conversation !== undefined) tx.link('conversation', seed.conversation, 'websites', website.id)
  if (seed.person !== undefined) tx.link('person', seed.person, 'websites', website.id)
  return tx.require('website', website.id)
}

/**
 * Creates an anchor from a SeededAnchor, with its path as its first point and
 * its annotations, on the asset or conversation it names, linked to the
 * persons it lists.
 *
 * @example
 * await store.write((tx) => createAnchor(tx, { type: 'FILE', fullpath: '/src/index.ts' }))
 */
export function createAnchor(tx: Transaction, seed: SeededAnchorInput): AnchorRecord {
  const now = tx.timestamp()
  const anchor = tx.insert('anchor', {
    id: tx.id(),
    type: seed.type,
    fullpath: seed.fullpath,
    created: now,
    updated: now,
    ...(seed.name !== undefined && { name: seed.name }),
    ...(seed.watch !== undefined && { watch: seed.watch }),
  })
  // Its path is its first point, as the service gives every new anchor one.
  createAnchorPoint(tx, { fullpath: seed.fullpath, anchor: anchor.id })
  for (const annotation of seed.annotations ?? []) createAnnotation(tx, { ...annotation, anchor: anchor.id })
  if (seed.asset !== undefined) {
    tx.link('asset', seed.asset, 'anchors', anchor.id)
    recordActivity(tx, seed.asset, 'anchorAdded')
  }
  if (seed.conversation !== undefined) tx.link('conversation', seed.conversation, 'anchors', anchor.id)
  for (const person of idsOf(seed.persons)) tx.link('person', person, 'anchors', anchor.id)
  return tx.require('anchor', anchor.id)
}

/**
 * Creates a range from a SeededRange, in the workstream summary it names and
 * grounding the conversation it names.
 *
 * @example
 * await store.write((tx) => createRange(tx, { from: { value: '2024-05-01T09:00:00Z' }, to: { value: '2024-05-01T17:00:00Z' }, between: true }))
 */
export function createRange(tx: Transaction, seed: SeededRangeInput): RangeRecord {
  const now = tx.timestamp()
  const range = tx.insert('range', {
    id: tx.id(),
    created: now,
    updated: now,
    ...(seed.from && { from: seed.from.value }),
    ...(seed.to && { to: seed.to.value }),
    ...(seed.between !== undefined && { between: seed.between }),
  })
  if (seed.summary) tx.link('range', range.id, 'summaries', seed.summary.id)
  if (seed.conversation) tx.link('conversation', seed.conversation.reference.id, 'groundingRanges', range.id)
  return tx.require('range', range.id)
}

/**
 * Creates a workstream summary from a SeededWorkstreamSummary, with its
 * annotations, linked to the records it lists (persons and workstream events among them).
 *
 * @example
 * await store.write((tx) => createWorkstreamSummary(tx, { name: 'Monday', model: { id: 'model' } }))
 */
export function createWorkstreamSummary(tx: Transaction, seed: SeededWorkstreamSummaryInput): WorkstreamSummaryRecord {
  const now = tx.timestamp()
  const summary = tx.insert('workstreamSummary', {
    id: tx.id(),
    name: seed.name,
    created: now,
    updated: now,
    ...(seed.favorited !== undefined && { favorited: seed.favorited }),
  })
  const id = summary.id
  for (const annotation of seed.annotations ?? []) createAnnotation(tx, { ...annotation, workstream_summary: id })
  for (const range of idsOf(seed.ranges)) tx.link('range', range, 'summaries', id)
  for (const website of idsOf(seed.websites)) tx.link('website', website, 'summaries', id)
  for (const anchor of idsOf(seed.anchors)) tx.link('anchor', anchor, 'summaries', id)
  for (const tag of idsOf(seed.tags)) tx.link('tag', tag, 'summaries', id)
  for (const conversation of idsOf(seed.conversations)) tx.link('conversation', conversation, 'summaries', id)
  for (const person of idsOf(seed.persons)) tx.link('person', person, 'summaries', id)
  for (const event of idsOf(seed.events)) tx.link('workstreamEvent', event, 'summaries', id)
  for (const asset of idsOf(seed.assets)) {
    tx.link('asset', asset, 'summaries', id)
    recordActivity(tx, asset, 'updated')
  }
  return tx.require('workstreamSummary', id)
}

/**
 * Creates an activity from a SeededActivity, in the log of the asset it names.
 *
 * @example
 * await store.write((tx) => createActivity(tx, { event: {}, application }))
 */
export function createActivity(tx: Transaction, seed: SeededActivityInput): ActivityRecord {
  const format = seed.format && tx.require('format', seed.format.id)
  // An activity on a format is on that format's asset.
  const asset = seed.asset ? tx.require('asset', seed.asset.id) : format && tx.require('asset', format.asset)
  const now = tx.timestamp()
  return tx.insert('activity', {
    id: tx.id(),
    event: seed.event,
    application: seed.application,
    mechanism: seed.mechanism ?? 'MANUAL',
    created: now,
    updated: now,
    ...(asset && { asset: asset.id }),
    ...(format && { format: format.id }),
  })
}
