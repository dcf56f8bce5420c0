import type { Transaction } from '../store/transaction/transaction.js'
import type { WorkstreamEventRecord } from '../store/schemas/schemas.js'
import type { SeededWorkstreamEventInput } from './inputs/record-seeds.js'

const idsOf = (list: { readonly iterable: ReadonlyArray<{ readonly id: string }> } | undefined) =>
  list?.iterable.map((item) => item.id) ?? []

/**
 * Creates a workstream event from a SeededWorkstreamEvent, in the workstream
 * summary it names, linked to the tags, anchors, websites and persons it lists.
 *
 * @example
 * await store.write((tx) => createWorkstreamEvent(tx, { application, trigger: { copy: true } }))
 */
export function createWorkstreamEvent(tx: Transaction, seed: SeededWorkstreamEventInput): WorkstreamEventRecord {
  const now = tx.timestamp()
  const event = tx.insert('workstreamEvent', {
    id: tx.id(),
    application: seed.application,
    trigger: seed.trigger,
    created: now,
    updated: now,
    ...(seed.context !== undefined && { context: seed.context }),
    ...(seed.readable !== undefined && { readable: seed.readable }),
  })
  const id = event.id
  if (seed.summary) tx.link('workstreamEvent', id, 'summaries', seed.summary.id)
  for (const tag of idsOf(seed.tags)) tx.link('workstreamEvent', id, 'tags', tag)
  for (const anchor of idsOf(seed.anchors)) tx.link('workstreamEvent', id, 'anchors', anchor)
  for (const website of idsOf(seed.websites)) tx.link('workstreamEvent', id, 'websites', website)
  for (const person of idsOf(seed.persons)) tx.link('person', person, 'workstreamEvents', id)
  return tx.require('workstreamEvent', id)
}
