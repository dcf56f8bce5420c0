import type { Transaction } from '../store/transaction/transaction.js'
import type { PersonRecord } from '../store/schemas/schemas.js'
import type { SeededPersonInput } from './inputs/record-seeds.js'
import { createAnnotation } from './record-writes.js'

const idsOf = (list: { readonly iterable: ReadonlyArray<{ readonly id: string }> } | undefined) =>
  list?.iterable.map((item) => item.id) ?? []

/**
 * Creates a person from a SeededPerson: the author of the asset it names,
 * linked to the anchors it lists, with its annotations.
 *
 * @example
 * await store.write((tx) => createPerson(tx, { type: { basic: { name: 'Ada' } }, asset: assetId }))
 */
export function createPerson(tx: Transaction, seed: SeededPersonInput): PersonRecord {
  const now = tx.timestamp()
  const person = tx.insert('person', { id: tx.id(), type: seed.type, created: now, updated: now })
  const id = person.id
  if (seed.asset !== undefined) tx.link('person', id, 'assets', seed.asset)
  for (const anchor of idsOf(seed.anchors)) tx.link('person', id, 'anchors', anchor)
  for (const annotation of seed.annotations ?? []) createAnnotation(tx, { ...annotation, person: id })
  return tx.require('person', id)
}
