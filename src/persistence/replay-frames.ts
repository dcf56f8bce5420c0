import { RECORD_KINDS, type RecordKind } from '../store/schemas/schemas.js'
import type { LogFrame } from './change-log-format.js'

/** Records and tombstones by kind, as a persisted file holds them before validation. */
export interface RawState {
  readonly records: Record<string, unknown>
  readonly gone: Record<string, unknown>
}

/**
 * Applies logged writes to a persisted state's raw records, in order: a
 * record replaces the one with its id (or is added at the end), `null`
 * removes it and leaves a tombstone. Only the kinds the frames touch are
 * indexed, so the cost is the size of those kinds plus the frames'. A frame
 * naming a kind the mock does not have gives `problem` instead.
 *
 * @example
 * const { records, gone } = replayFrames(state.records, state.gone, frames)
 */
export function replayFrames(
  records: Record<string, unknown>,
  gone: Record<string, unknown>,
  frames: readonly LogFrame[],
): RawState | { readonly problem: string } {
  if (frames.length === 0) return { records, gone }
  const byKind = new Map<RecordKind, Map<unknown, unknown>>()
  const goneByKind = new Map<RecordKind, Set<string>>()
  for (const frame of frames) {
    for (const [kind, id, record] of frame.changes) {
      if (!KINDS.has(kind)) return { problem: `its log names a record kind "${String(kind)}" the mock does not have.` }
      const index = indexOf(byKind, kind, records[kind])
      let tombstones = goneByKind.get(kind)
      if (!tombstones) goneByKind.set(kind, (tombstones = new Set(listOf(gone[kind]) as string[])))
      if (record === null) {
        index.delete(id)
        tombstones.add(id)
      } else {
        index.set(id, record)
        tombstones.delete(id)
      }
    }
  }
  const nextRecords = { ...records }
  const nextGone = { ...gone }
  for (const [kind, index] of byKind) nextRecords[kind] = [...index.values()]
  for (const [kind, tombstones] of goneByKind) nextGone[kind] = [...tombstones]
  return { records: nextRecords, gone: nextGone }
}

const KINDS: ReadonlySet<string> = new Set(RECORD_KINDS)

/** The records of a kind by id, in their order, built on first use. */
function indexOf(
  byKind: Map<RecordKind, Map<unknown, unknown>>,
  kind: RecordKind,
  list: unknown,
): Map<unknown, unknown> {
  let index = byKind.get(kind)
  if (index) return index
  index = new Map()
  for (const record of listOf(list)) {
    const id = (record as { id?: unknown } | null)?.id
    // A record without a string id is kept under itself, for validation to name.
    index.set(typeof id === 'string' ? id : record, record)
  }
  byKind.set(kind, index)
  return index
}

function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : []
}
