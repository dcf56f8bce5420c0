import { RECORD_KINDS, type RecordKind } from './schemas/schemas.js'

/** An object with one entry per record kind. */
export function perKind<T extends { readonly [K in RecordKind]: unknown }>(
  make: (kind: RecordKind) => T[RecordKind],
): T {
  return Object.fromEntries(RECORD_KINDS.map((kind) => [kind, make(kind)])) as T
}
