import { recordSchemas, type RecordKind } from '../../store/schemas/schemas.js'
import { MODEL_KINDS, NESTED_KINDS } from './client-model-kinds.js'
import type { HttpExchange } from './har-exchanges.js'
import { storedForm } from './stored-form.js'

type Json = Record<string, unknown>

/** One version of a record, as an answer of the recording carried it. */
export interface RecordVersion {
  readonly kind: RecordKind
  readonly id: string
  /** The stored form read from the answer (checked against the record's schema). */
  readonly record: Json
}

/** A record an answer carried that could not be read back, and why. */
export interface UnreadRecord {
  readonly entry: number
  readonly kind: RecordKind
  readonly id: string
  readonly field: string
  readonly problem: string
}

/** The models that carry a record beside others: a connection's `Context` (its application; its user is read too). */
const CONTEXT_KINDS: ReadonlyMap<string, { kind: RecordKind; under: string; many?: true }> = new Map([
  ['Context', { kind: 'application', under: 'application' }],
])

/** Deepest nesting of records read from one answer. */
const MAX_NESTING = 4

/**
 * Every record an HTTP answer carries, by the client's model of the answer
 * (a record or a collection of them) and the full records nested in it (an
 * asset's formats, tags…), each in its stored form; records that do not
 * read back as their kind are given in `unread`.
 *
 * @example
 * const { versions } = recordsOfAnswer(exchange) // [{ kind: 'asset', id, record }, { kind: 'format', … }]
 */
export function recordsOfAnswer(exchange: HttpExchange): RecordsOfAnswer {
  const versions: RecordVersion[] = []
  const unread: UnreadRecord[] = []
  const flattened = flattenedList(exchange)
  if (flattened) return { versions, unread, listed: flattened }
  const model = MODEL_KINDS.get(exchange.operation.returns) ?? CONTEXT_KINDS.get(exchange.operation.returns)
  if (!model || exchange.status >= 300 || !exchange.responseText.trimStart().startsWith('{'))
    return { versions, unread }
  let body: Json
  try {
    body = JSON.parse(exchange.responseText) as Json
  } catch {
    return { versions, unread }
  }
  const at = new Date(exchange.at).toISOString()
  const top = model.under ? (body[model.under] as Json | undefined) : body
  const items = model.many ? (top?.iterable as unknown[] | undefined) : [top]
  const visit = (kind: RecordKind, wire: unknown, depth: number, parent?: { kind: RecordKind; id: string }) => {
    if (typeof wire !== 'object' || wire === null || typeof (wire as Json).id !== 'string') return
    const json = wire as Json
    // A reference carries its id alone (maybe with a flattened copy): nothing to read of the record.
    if (Object.keys(json).every((key) => key === 'id' || key === 'reference')) return
    const stored = storedForm(kind, json, { at, ...(parent && { parent }) })
    const parsed = recordSchemas[kind].safeParse(stored)
    if (parsed.success) versions.push({ kind, id: json.id as string, record: stored })
    else {
      const issue = parsed.error.issues[0]!
      unread.push({
        entry: exchange.entry,
        kind,
        id: json.id as string,
        field: issue.path.join('.'),
        problem: issue.message,
      })
    }
    if (depth >= MAX_NESTING) return
    for (const [field, nestedKind] of NESTED_KINDS) {
      const list = (json[field] as { iterable?: unknown } | undefined)?.iterable
      if (!Array.isArray(list)) continue
      for (const item of list) visit(nestedKind, item, depth + 1, { kind, id: json.id as string })
    }
  }
  for (const item of items ?? []) visit(model.kind, item, 0)
  // A connection's context carries its application and the signed-in user.
  if (exchange.operation.returns === 'Context') visit('user', body.user, 0)
  if (!model.many || !Array.isArray(items)) return { versions, unread }
  const ids = items
    .map((item) => (item as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string')
  return { versions, unread, listed: { kind: model.kind, ids } }
}

/**
 * The ids of a list of flattened records (`GET /assets/identifiers` answers
 * `FlattenedAssets`), in its order: their records are not read from it (a
 * flattened record holds links where the record holds records).
 */
function flattenedList(exchange: HttpExchange): RecordsOfAnswer['listed'] {
  const returns = exchange.operation.returns
  const model = returns.startsWith('Flattened') ? MODEL_KINDS.get(returns.slice('Flattened'.length)) : undefined
  if (!model?.many || exchange.status >= 300) return undefined
  let items: unknown
  try {
    items = (JSON.parse(exchange.responseText) as { iterable?: unknown } | null)?.iterable
  } catch {
    return undefined
  }
  if (!Array.isArray(items)) return undefined
  const ids = items
    .map((item) => (item as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string')
  return { kind: model.kind, ids }
}

/** The records of one answer; a snapshot of a whole kind also gives its order. */
export interface RecordsOfAnswer {
  readonly versions: RecordVersion[]
  readonly unread: UnreadRecord[]
  /** The ids of a kind's snapshot (`GET /tags`) in the order the service lists them. */
  readonly listed?: { readonly kind: RecordKind; readonly ids: readonly string[] }
}
