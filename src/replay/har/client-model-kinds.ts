import { RECORD_KIND_DECLARATIONS, RECORD_KINDS, type RecordKind } from '../../store/kinds/record-kinds.js'

/**
 * Where an answer of one of the client's models holds its records: their
 * kind, whether it is a collection (`iterable`), and the field they are under.
 *
 * @example
 * const assets: ModelKind = { kind: 'asset', many: true }
 */
export interface ModelKind {
  readonly kind: RecordKind
  readonly many?: true
  readonly under?: string
}

/**
 * The record kind an answer of each of the client's models holds, alone or as
 * a collection: the `clientModels` of every kind's declaration.
 *
 * @example
 * MODEL_KINDS.get('Assets') // { kind: 'asset', many: true }
 */
export const MODEL_KINDS: ReadonlyMap<string, ModelKind> = new Map(
  RECORD_KINDS.flatMap((kind) =>
    RECORD_KIND_DECLARATIONS[kind].clientModels.map(({ model, ...where }) => [model, { kind, ...where }] as const),
  ),
)

/**
 * The collections a record carries in full (not only as references), by
 * field, with the kind they hold: the `nestedAs` of every kind's declaration.
 *
 * @example
 * NESTED_KINDS.get('summaries') // 'workstreamSummary'
 */
export const NESTED_KINDS: ReadonlyMap<string, RecordKind> = new Map(
  RECORD_KINDS.flatMap((kind) => {
    const field: string | undefined = RECORD_KIND_DECLARATIONS[kind].nestedAs
    return field ? [[field, kind] as const] : []
  }),
)
