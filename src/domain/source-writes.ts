import type { Transaction } from '../store/transaction/transaction.js'
import type { SourceRecord, SourceWindowRecord } from '../store/schemas/schemas.js'
import type {
  SeededSourceInput,
  SeededSourceWindowInput,
  SourceUpdateInput,
  SourceWindowUpdateInput,
} from './inputs/source-inputs.js'

/*
 * Creating and updating the workstream pattern engine's sources and their
 * windows. A new source is linked to nothing, a new window to the workstream
 * events its seed lists; the link routes make the rest. An update changes the
 * record's own fields, never its links.
 */

const RAW_FIELDS = ['name', 'window', 'url', 'application', 'installation'] as const

/** The WorkstreamPatternEngineSource fields the mock keeps, without the keys it does not know. */
function rawOf(raw: SeededSourceInput['raw']): SourceRecord['raw'] {
  const kept: SourceRecord['raw'] = {}
  for (const field of RAW_FIELDS) if (raw[field] !== undefined) kept[field] = raw[field]
  return kept
}

/**
 * Creates a source from a SeededWorkstreamPatternEngineSource.
 *
 * @example
 * await store.write((tx) => createSource(tx, { raw: { application: 'Google Chrome' }, readable: 'Google Chrome' }))
 */
export function createSource(tx: Transaction, seed: SeededSourceInput): SourceRecord {
  const now = tx.timestamp()
  return tx.insert('source', {
    id: tx.id(),
    raw: rawOf(seed.raw),
    readable: seed.readable,
    created: now,
    updated: now,
    ...(seed.filter !== undefined && { filter: seed.filter }),
    ...(seed.accessibility && {
      accessibility: { supported: seed.accessibility.supported, updated: seed.accessibility.updated.value },
    }),
  })
}

/**
 * Updates a source from the IdentifiedWorkstreamPatternEngineSource a client
 * sends: its raw source, readable name, filter, accessibility and score
 * (`null` clears the filter or the accessibility).
 *
 * @example
 * await store.write((tx) => updateSource(tx, { ...snapshot, readable: 'Chrome' }))
 */
export function updateSource(tx: Transaction, input: SourceUpdateInput): SourceRecord {
  return tx.update('source', input.id, (draft) => {
    draft.raw = rawOf(input.raw)
    draft.readable = input.readable
    if (input.filter === null) delete draft.filter
    else if (input.filter !== undefined) draft.filter = input.filter
    if (input.accessibility === null) delete draft.accessibility
    else if (input.accessibility !== undefined) {
      draft.accessibility = { supported: input.accessibility.supported, updated: input.accessibility.updated.value }
    }
    if (input.score) draft.score = input.score
  })
}

/**
 * Creates a source window from a SeededWorkstreamPatternEngineSourceWindow,
 * linked to the workstream events it lists (each must exist).
 *
 * @example
 * await store.write((tx) => createSourceWindow(tx, { name: 'README.md - Visual Studio Code' }))
 */
export function createSourceWindow(tx: Transaction, seed: SeededSourceWindowInput): SourceWindowRecord {
  const now = tx.timestamp()
  const window = tx.insert('sourceWindow', { id: tx.id(), name: seed.name, created: now, updated: now })
  for (const event of seed.workstream_events?.iterable ?? []) {
    tx.link('sourceWindow', window.id, 'workstreamEvents', event.id)
  }
  return tx.require('sourceWindow', window.id)
}

/**
 * Updates a source window from the WorkstreamPatternEngineSourceWindow a
 * client sends: its title and score.
 *
 * @example
 * await store.write((tx) => updateSourceWindow(tx, { ...snapshot, name: 'index.ts - Visual Studio Code' }))
 */
export function updateSourceWindow(tx: Transaction, input: SourceWindowUpdateInput): SourceWindowRecord {
  return tx.update('sourceWindow', input.id, (draft) => {
    draft.name = input.name
    if (input.score) draft.score = input.score
  })
}
