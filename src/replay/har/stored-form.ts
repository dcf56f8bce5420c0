import { z } from 'zod'
import { recordSchemas, type RecordKind } from '../../store/schemas/schemas.js'

type Json = Record<string, unknown>

/**
 * A record's stored form (as fixtures hold it) read back from its wire form:
 * timestamps and sizes (`{ value, readable }`) as their value, collections
 * as id lists, references (`{ id }`) as the id, the conversation's grounding
 * and the asset's preview under their stored names; fields the wire carries
 * and the store does not are left out; timestamps the wire leaves out are
 * the answer's time.
 *
 * @example
 * storedForm('tag', { id: 't1', text: 'react', created: { value: '2024-05-01T00:00:00.000Z' }, assets: { iterable: [{ id: 'a1' }] } }, { at })
 * // { id: 't1', text: 'react', created: '2024-05-01T00:00:00.000Z', assets: ['a1'] }
 */
export function storedForm(kind: RecordKind, wire: Json, seen: Seen): Json {
  const shape = recordSchemas[kind].shape as Record<string, z.ZodType>
  const stored: Json = {}
  for (const [field, schema] of Object.entries(shape)) {
    // A field the wire spells in snake case (`workstreamEvents` as `workstream_events`) is read under that name.
    const value = wire[field] ?? wire[snakeCase(field)]
    if (value === undefined || value === null) continue
    const plain = plainValue(value, expected(schema))
    if (plain !== undefined) stored[field] = plain
  }
  // Records whose wire form carries no timestamps (applications, a model's `updated`) get the answer's time.
  for (const field of ['created', 'updated'] as const)
    if (field in shape && stored[field] === undefined) stored[field] = stored.created ?? seen.at
  return { ...stored, ...SPECIAL[kind]?.(wire, seen.parent) }
}

/** Where a wire form was met: the time of its answer, and the record it was nested in (a format inside its asset). */
export interface Seen {
  /** The answer's time, ISO-8601. */
  readonly at: string
  readonly parent?: { readonly kind: RecordKind; readonly id: string }
}

/** A stored field's name in snake case: `workstreamEvents` → `workstream_events`. */
function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

type Expected = 'list' | 'object' | 'scalar'

/** What a stored field holds: an id list, an object, or a scalar (text, number, id, timestamp). */
function expected(schema: z.ZodType): Expected {
  let inner: z.ZodType = schema
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.def.innerType as z.ZodType
    else if (inner instanceof z.ZodPipe) inner = inner.def.out as z.ZodType
    else break
  }
  if (inner instanceof z.ZodArray) return 'list'
  if (inner instanceof z.ZodObject || inner instanceof z.ZodRecord) return 'object'
  return 'scalar'
}

function plainValue(value: unknown, expects: Expected): unknown {
  if (typeof value !== 'object' || value === null) return value
  const object = value as Json
  if (expects === 'list')
    return Array.isArray(object.iterable) ? idsOf(object.iterable) : Array.isArray(value) ? value : undefined
  if (expects === 'object') return value
  // A grouped timestamp or a byte size as its value; a reference as its id.
  if ('value' in object) return object.value
  if (typeof object.id === 'string') return object.id
  return undefined
}

function idsOf(items: readonly unknown[]): string[] {
  const ids: string[] = []
  for (const item of items) {
    const id = (item as { id?: unknown } | null)?.id
    if (typeof id === 'string') ids.push(id)
  }
  return ids
}

/** A website's or a tag's source windows, under the client's snake-case key `source_windows`. */
function sourceWindowsOf(wire: Json): Json {
  const windows = wire.source_windows as { iterable?: unknown[] } | undefined
  return windows?.iterable ? { sourceWindows: idsOf(windows.iterable) } : {}
}

function idOf(value: unknown): string | undefined {
  const id = (value as { id?: unknown } | null | undefined)?.id
  return typeof id === 'string' ? id : undefined
}

/** What the generic reading cannot see: fields whose wire name or nesting differs from the stored one. */
const SPECIAL: { [K in RecordKind]?: (wire: Json, parent?: { kind: RecordKind; id: string }) => Json } = {
  conversation(wire) {
    const grounding = wire.grounding as
      | {
          messages?: { iterable?: unknown[] }
          temporal?: { workstreams?: { iterable?: unknown[] } }
          sources?: { iterable?: unknown[] }
        }
      | undefined
    return {
      ...(grounding?.sources?.iterable && { groundingSources: idsOf(grounding.sources.iterable) }),
      ...(grounding?.messages?.iterable && { groundingMessages: idsOf(grounding.messages.iterable) }),
      ...(grounding?.temporal?.workstreams?.iterable && {
        groundingRanges: idsOf(grounding.temporal.workstreams.iterable),
      }),
    }
  },
  website: sourceWindowsOf,
  tag: sourceWindowsOf,
  source(wire) {
    const accessibility = wire.accessibility as { supported?: unknown; updated?: { value?: unknown } } | undefined
    const updated = accessibility?.updated?.value
    return {
      accessibility:
        typeof accessibility?.supported === 'boolean' && typeof updated === 'string'
          ? { supported: accessibility.supported, updated }
          : undefined,
    }
  },
  asset(wire) {
    const preview = wire.preview as { base?: unknown; overlay?: unknown } | undefined
    const base = idOf(preview?.base) ?? (typeof preview?.base === 'string' ? preview.base : undefined)
    const overlay = idOf(preview?.overlay) ?? (typeof preview?.overlay === 'string' ? preview.overlay : undefined)
    return { ...(base && { preview: { base, ...(overlay && { overlay }) } }) }
  },
  workstreamSummary(wire) {
    // A summary's events travel as `events`.
    const events = (wire.events as { iterable?: unknown[] } | undefined)?.iterable
    return events ? { workstreamEvents: idsOf(events) } : {}
  },
  format(wire, parent) {
    return idOf(wire.asset) === undefined && parent?.kind === 'asset' ? { asset: parent.id } : {}
  },
  anchor(wire) {
    // A point as the service lists it: referenced (`{ id, reference: { fullpath } }`), or whole.
    type Point = { fullpath?: unknown; reference?: { fullpath?: unknown } }
    const point = (wire.points as { iterable?: Point[] } | undefined)?.iterable?.[0]
    const fullpath = point?.reference?.fullpath ?? point?.fullpath
    return { fullpath: typeof fullpath === 'string' ? fullpath : '' }
  },
  hint(wire) {
    // The wire keys the hint's one mechanism by its id.
    const [mechanism] = Object.values((wire.mechanisms as Json | undefined) ?? {})
    return typeof mechanism === 'string' ? { mechanism } : {}
  },
  user(wire) {
    const cloud = wire.allocation as Json | undefined
    if (typeof cloud?.id !== 'string') return { allocation: undefined }
    const status = (cloud.status as { cloud?: unknown } | undefined)?.cloud
    const updated = (cloud.updated as { value?: unknown } | undefined)?.value
    return {
      allocation: {
        id: cloud.id,
        project: cloud.project,
        status,
        ...(typeof cloud.region === 'string' && { region: cloud.region }),
        ...(typeof cloud.version === 'string' && { version: cloud.version }),
        ...(typeof updated === 'string' && { updated }),
      },
    }
  },
}
