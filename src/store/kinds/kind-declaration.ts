import type { z } from 'zod'

/**
 * How the scenarios' generator gives a kind's records: it makes them up,
 * takes the default dataset's (re-timed to the scenario's epoch), or gives none.
 *
 * @example
 * const generated: GeneratedAs = 'default-dataset'
 */
export type GeneratedAs = 'made-up' | 'default-dataset' | 'none'

/**
 * One answer model of the official client that carries records of a kind.
 *
 * @example
 * const models: ClientModel[] = [{ model: 'Asset' }, { model: 'Assets', many: true }]
 */
interface ClientModel {
  /** The model's name as the client's operations declare what they return (`Asset`, `Assets`). */
  readonly model: string
  /** A collection: its records are its `iterable`. */
  readonly many?: true
  /** The record is under this field of the answer (`ReturnedUserProfile.user`). */
  readonly under?: string
}

/**
 * A link as a kind declares it, by the field that holds it: the kind it
 * links to and the field of that kind that points back (a list of ids, or
 * with `inverseOne` its one owner). `src/store/relations.ts` checks every
 * link against the kinds' record types.
 *
 * @example
 * const tags: LinkDeclaration = { to: 'tag', inverse: 'assets' }
 */
interface LinkDeclaration {
  readonly to: string
  readonly inverse?: string
  readonly inverseOne?: true
}

/** A kind's links, by the field that holds them. */
type LinkDeclarations = { readonly [field: string]: LinkDeclaration }

/**
 * Everything the mock knows of one record kind, in one place: the store
 * builds its schema, defaults and links from it, and every layer above
 * derives its own per-kind table from the list of declarations
 * (`RECORD_KIND_DECLARATIONS`).
 *
 * @example
 * const tag: RecordKindDeclaration = tagKind
 */
export interface RecordKindDeclaration<
  S extends z.ZodObject = z.ZodObject,
  L extends LinkDeclarations = LinkDeclarations,
  F extends string = string,
  W extends string = string,
  G extends GeneratedAs = GeneratedAs,
> {
  /** Its name in messages: `Invalid workstream summary: …`. */
  readonly name: string
  /** Builds the zod schema of its stored records; `recordSchemas` builds it on its first use. */
  readonly schema: () => S
  /** Each field its schema defaults, with the same value, in the schema's order (a test holds the two equal). */
  readonly defaults: Readonly<Partial<z.output<S>>>
  /** The links its records own (both sides are kept in step from there); `{}` for none. */
  readonly links: L
  /** Its file in a fixtures directory (`FIXTURE_FILES`). */
  readonly fixtureFile: F
  /** How the scenarios' generator gives its records. */
  readonly generated: G
  /** What a person reads one of its records by in the inspector: a name, a text, a URL. */
  readonly label: (record: z.output<S>) => string
  /** The official client's answer models that carry it, which the HAR import reads records from. */
  readonly clientModels: readonly ClientModel[]
  /** The field under which other records' wire forms carry it in full (an asset's `formats`), if any. */
  readonly nestedAs?: string
  /** The key of its serializer in the wire's `SERIALIZERS`. */
  readonly serializer: W
}

/**
 * Declares a record kind: gives the declaration back as it is written, its
 * record type (for `defaults` and `label`) taken from its schema.
 *
 * @example
 * export const rangeKind = declareKind({ name: 'range', schema: buildRangeSchema, defaults: {}, links: {}, fixtureFile: 'ranges.json', generated: 'made-up', label: (range) => range.id, clientModels: [{ model: 'Range' }], serializer: 'range' })
 */
export function declareKind<
  S extends z.ZodObject,
  const L extends LinkDeclarations,
  const F extends string,
  const W extends string,
  const G extends GeneratedAs,
>(declaration: RecordKindDeclaration<S, L, F, W, G>): RecordKindDeclaration<S, L, F, W, G> {
  return declaration
}
