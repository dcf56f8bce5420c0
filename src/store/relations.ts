import { RECORD_KIND_DECLARATIONS, RECORD_KINDS, type RecordKindDeclarations } from './kinds/record-kinds.js'
import type { RecordKind, RecordOf } from './schemas/schemas.js'

/** The fields of a `K` record that hold a list of ids (`string[]`). */
type LinkField<K extends RecordKind> = {
  [F in keyof RecordOf<K>]-?: RecordOf<K>[F] extends string[] ? F : never
}[keyof RecordOf<K>] &
  string

/** The fields of a `K` record that hold at most one id (`string`, possibly left out). */
type OwnerField<K extends RecordKind> = {
  [F in keyof RecordOf<K>]-?: RecordOf<K>[F] extends string | undefined ? F : never
}[keyof RecordOf<K>] &
  string

/**
 * How one list field of a record links to records of kind `to`. `inverse`
 * names the field of the `to` record that points back: a list of ids, or with
 * `inverseOne` a single id (the record's one owner). Links without an inverse
 * are one-sided.
 */
type LinkSpec = {
  [To in RecordKind]:
    | { readonly to: To; readonly inverse?: undefined; readonly inverseOne?: undefined }
    | { readonly to: To; readonly inverse: LinkField<To>; readonly inverseOne?: undefined }
    | { readonly to: To; readonly inverse: OwnerField<To>; readonly inverseOne: true }
}[RecordKind]

/** The links of each record kind, by the field that holds them. */
type RelationTable = { readonly [K in RecordKind]?: { readonly [F in LinkField<K>]?: LinkSpec } }

/** The links each kind declares (`links` of its declaration in src/store/kinds/). */
type DeclaredRelations = { readonly [K in RecordKind]: RecordKindDeclarations[K]['links'] }

/** The declared links checked: every field a list field of its kind, every link one of a kind the store keeps. */
type CheckedRelations = {
  readonly [K in RecordKind]: { readonly [F in keyof DeclaredRelations[K]]: F extends LinkField<K> ? LinkSpec : never }
}

/** Every link the store keeps, each declared once on its owning kind, by kind. */
const RELATION_TABLE = Object.fromEntries(
  RECORD_KINDS.map((kind) => [kind, RECORD_KIND_DECLARATIONS[kind].links]),
) as DeclaredRelations satisfies RelationTable & CheckedRelations

/** A kind whose records own links. */
export type LinkingKind = keyof typeof RELATION_TABLE

/** A field of a `K` record that the relation table declares as a link. */
export type DeclaredLink<K extends LinkingKind> = keyof (typeof RELATION_TABLE)[K] & LinkField<K>

type Declared = { [K in LinkingKind]: (typeof RELATION_TABLE)[K][keyof (typeof RELATION_TABLE)[K]] }[LinkingKind]
/** Every field the table names as a list of ids, on either side. */
type ListField =
  | { [K in LinkingKind]: DeclaredLink<K> }[LinkingKind]
  | (Extract<Declared, { inverseOne?: undefined }>['inverse'] & string)
/** Every field the table names as a record's one owner. */
type OwnerIdField = Extract<Declared, { inverseOne: true }>['inverse']

/**
 * One link of the table, flattened: `field` on the `from` record holds ids of
 * `to` records; `inverse` on the `to` record holds the ids of `from` records,
 * or with `inverseOne` the id of its one owner.
 */
export type Relation = { readonly from: LinkingKind; readonly field: ListField; readonly to: RecordKind } & (
  | { readonly inverse?: undefined; readonly inverseOne?: undefined }
  | { readonly inverse: ListField; readonly inverseOne?: undefined }
  | { readonly inverse: OwnerIdField; readonly inverseOne: true }
)

/**
 * A record seen through the fields the relation table names: a list field
 * holds ids, an owner field one id. Every stored record is one (the compiler
 * checks it wherever a record is passed as one), so link code reads and
 * edits those fields by name.
 */
export type LinkedRecord = { readonly id: string } & { [F in ListField]?: string[] } & { [F in OwnerIdField]?: string }

/** Every link the store keeps, as a list. */
export const RELATIONS: readonly Relation[] = Object.entries(RELATION_TABLE).flatMap(([from, links]) =>
  Object.entries(links).map(([field, link]): Relation => ({
    from: from as LinkingKind,
    field: field as ListField,
    ...link,
  })),
)

/**
 * Finds the relation that `field` of `from` records stands for.
 *
 * @example
 * relationOf('conversation', 'assets').inverse // 'conversations'
 */
export function relationOf<K extends LinkingKind>(from: K, field: DeclaredLink<K>): Relation {
  const relation = RELATIONS.find((r) => r.from === from && r.field === field)
  if (!relation) {
    throw new Error(
      `Failed to find the relation "${from}.${field}": no such link is declared. Add it to the links of its kind's declaration in src/store/kinds/.`,
    )
  }
  return relation
}
