import { InvariantError, invariant } from 'outvariant'
import type { RecordSet, StoreTombstones } from './record-set.js'
import { RECORD_KINDS, recordSchemas, type RecordKind, type RecordOf } from './schemas/schemas.js'
import type { StoreBudget } from './store-budget.js'
import type { StoreCore } from './store-core.js'
import { notifyListeners } from './store-event.js'
import { emptyState, type StoreState } from './store-state.js'
import { isValidatedList, validatedListBytes } from './schemas/validated-records.js'

/**
 * Replaces every record of a store at once. Every record is checked before
 * the new state is swapped in, so a failed load throws and leaves the store
 * as it was.
 */
export function replaceRecords(core: StoreCore, records: RecordSet, gone: StoreTombstones): void {
  const { budget } = core
  const next = emptyState(gone, budget)
  for (const kind of RECORD_KINDS) fill(next, kind, loadable(kind, records[kind] ?? []), budget)
  budget.admitAll(next.bytes, core.state.bytes)
  budget.charge(next.bytes - core.state.bytes)
  core.state = next
  for (const kind of RECORD_KINDS) core.versions[kind]++
  notifyListeners(core.listeners, { type: 'replace' })
}

/** Empties a store and gives its bytes back to its budget. */
export function releaseRecords(core: StoreCore): void {
  core.budget.charge(-core.state.bytes)
  core.state = emptyState({}, core.budget)
  for (const kind of RECORD_KINDS) core.versions[kind]++
}

/** The records of a list to load, in stored form: the list itself when it is marked valid, else each record parsed. */
function loadable<K extends RecordKind>(kind: K, list: ReadonlyArray<RecordOf<K>>): ReadonlyArray<RecordOf<K>> {
  return isValidatedList(list) ? list : list.map((input) => storedRecord(kind, input))
}

/** Indexes a list's records by id, refusing an id that appears twice; a list marked with its bytes is not sized record by record. */
function fill<K extends RecordKind>(
  state: StoreState,
  kind: K,
  records: ReadonlyArray<RecordOf<K>>,
  budget: StoreBudget,
): void {
  const byId = state.index[kind]
  const known = validatedListBytes(records)
  if (known !== undefined) state.bytes += known
  for (const record of records) {
    invariant(
      !byId.has(record.id),
      'Failed to load the records: the %s id "%s" appears twice. Give every record its own id.',
      kind,
      record.id,
    )
    byId.set(record.id, record)
    state.referrers.add(kind, record)
    state.foreignIds.add(record.id)
    if (known === undefined) state.bytes += budget.sizeOf(record)
  }
}

/**
 * A record of an untrusted list (not from validateFixtures() or a snapshot),
 * parsed as the store keeps it.
 */
function storedRecord<K extends RecordKind>(kind: K, input: unknown): RecordOf<K> {
  const result = recordSchemas[kind].safeParse(input)
  if (result.success) return result.data as RecordOf<K>
  const issue = result.error.issues[0]
  const id = typeof input === 'object' && input !== null ? String((input as { id?: unknown }).id) : String(input)
  throw new InvariantError(
    `Failed to load the records: the ${kind} "${id}" does not match its schema at ${issue?.path.join('.') || '(record)'}: ${issue?.message ?? 'invalid'}. Load fixtures through validateFixtures() or restore a snapshot() of a store.`,
  )
}
