import type { FixtureSet } from '../../seeding/fixture-files.js'
import { RELATIONS } from '../../store/relations.js'
import { RECORD_KINDS, type RecordKind } from '../../store/schemas/schemas.js'

type Json = Record<string, unknown> & { id: string }

/** A link or a record left out because what it points at is not in the recording. */
export interface DroppedLink {
  readonly kind: RecordKind
  readonly id: string
  readonly field: string
  /** The id linked to, which the recording never fetched. */
  readonly target: string
  /** True when the record itself was left out (the link was one it cannot be without). */
  readonly record: boolean
}

/** Single links a record cannot be without, besides the owners RELATIONS names. */
const REQUIRED_ONE: ReadonlyArray<{ kind: RecordKind; field: string; to: RecordKind; optional: boolean }> = [
  { kind: 'asset', field: 'original', to: 'format', optional: false },
  { kind: 'activity', field: 'asset', to: 'asset', optional: true },
  { kind: 'activity', field: 'format', to: 'format', optional: true },
  { kind: 'conversation', field: 'model', to: 'model', optional: true },
]

/**
 * Records by kind made whole: every link to a record not among them is
 * dropped, a record that cannot be without its link (a message without its
 * conversation, a format without its asset, an asset without its formats)
 * is left out, until nothing points outside. Links to `gone` ids (deleted
 * during the recording) are dropped without being reported.
 *
 * @example
 * const { fixtures, dropped } = dropDanglingLinks(recordsByKind, new Set())
 */
export function dropDanglingLinks(
  records: ReadonlyMap<RecordKind, ReadonlyMap<string, Json>>,
  gone: ReadonlySet<string>,
): { fixtures: FixtureSet; dropped: DroppedLink[] } {
  const kept = new Map<RecordKind, Map<string, Json>>()
  for (const kind of RECORD_KINDS) {
    kept.set(
      kind,
      new Map([...(records.get(kind) ?? new Map<string, Json>())].map(([id, record]) => [id, { ...record }])),
    )
  }
  const dropped: DroppedLink[] = []
  const note = (kind: RecordKind, id: string, field: string, target: string, record: boolean) => {
    if (!gone.has(target)) dropped.push({ kind, id, field, target, record })
  }
  const has = (kind: RecordKind, id: string) => kept.get(kind)!.has(id)
  for (let changed = true; changed;) {
    changed = false
    const leaveOut = (kind: RecordKind, record: Json, field: string, target: string) => {
      note(kind, record.id, field, target, true)
      kept.get(kind)!.delete(record.id)
      changed = true
    }
    for (const relation of RELATIONS) {
      for (const owner of kept.get(relation.from)!.values())
        changed =
          filterList(
            owner,
            relation.field,
            (id) => has(relation.to, id),
            (target) => note(relation.from, owner.id, relation.field, target, false),
          ) || changed
      if (!relation.inverse) continue
      for (const target of [...kept.get(relation.to)!.values()]) {
        const value = target[relation.inverse]
        if (!relation.inverseOne) {
          changed =
            filterList(
              target,
              relation.inverse,
              (id) => has(relation.from, id),
              (id) => note(relation.to, target.id, relation.inverse!, id, false),
            ) || changed
        } else if (typeof value === 'string' && !has(relation.from, value)) {
          // A message's conversation and a format's asset are owners it cannot be without; an annotation's are not.
          if (relation.to === 'annotation') {
            delete target[relation.inverse]
            note(relation.to, target.id, relation.inverse, value, false)
            changed = true
          } else leaveOut(relation.to, target, relation.inverse, value)
        }
      }
    }
    for (const { kind, field, to, optional } of REQUIRED_ONE) {
      for (const record of [...kept.get(kind)!.values()]) {
        const value = record[field]
        if (typeof value !== 'string' || has(to, value)) continue
        if (optional) {
          delete record[field]
          note(kind, record.id, field, value, false)
          changed = true
        } else leaveOut(kind, record, field, value)
      }
    }
    for (const asset of [...kept.get('asset')!.values()]) {
      const preview = asset.preview as { base?: string; overlay?: string } | undefined
      const missing = [preview?.base, preview?.overlay].find((id) => id !== undefined && !has('format', id))
      if (missing !== undefined) leaveOut('asset', asset, 'preview', missing)
      else if ((asset.formats as string[] | undefined)?.length === 0) leaveOut('asset', asset, 'formats', '')
    }
  }
  const fixtures: Record<string, Json[]> = {}
  for (const kind of RECORD_KINDS) fixtures[kind] = [...kept.get(kind)!.values()]
  return { fixtures: fixtures as FixtureSet, dropped }
}

/** Keeps the ids of a list field that pass; says each one dropped; true when any was. */
function filterList(record: Json, field: string, keep: (id: string) => boolean, drop: (id: string) => void): boolean {
  const list = record[field]
  if (!Array.isArray(list)) return false
  const kept = (list as string[]).filter((id) => keep(id) || (drop(id), false))
  if (kept.length === list.length) return false
  record[field] = kept
  return true
}
