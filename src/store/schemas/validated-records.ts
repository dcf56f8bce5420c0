/**
 * Record lists whose every record is in stored form: the lists
 * validateFixtures() and store.snapshot() return, and the generator's own
 * output when the mock loads it (see generateRecords()). They are frozen when marked,
 * so nothing can be added to them afterwards, and the store trusts them in
 * `replaceAll()` instead of parsing every record a second time. Marking lists
 * rather than records keeps seeding free of one weak reference per record
 * (see decisions/0004-performance.md).
 */
const validatedLists = new WeakMap<readonly unknown[], number | undefined>()

/**
 * Freezes a list of records in stored form and marks it as valid; `bytes`,
 * when given, is what the store budget counts for the whole list (see
 * StoreBudget.sizeOf), so loading it sizes no record.
 *
 * @example
 * const tags = markValidated(parsed) // parsed: records that came out of tagSchema.parse()
 */
export function markValidated<T extends { readonly id: string }>(records: T[], bytes?: number): readonly T[] {
  validatedLists.set(Object.freeze(records), bytes)
  return records
}

/**
 * What the store budget counts for a marked list, when it was marked with it
 * (the embedded default records are), else undefined.
 *
 * @example
 * validatedListBytes(defaultRecords().tag!) // 4312
 */
export function validatedListBytes(list: readonly unknown[]): number | undefined {
  return validatedLists.get(list)
}

/**
 * True for a list that came out of {@link markValidated}.
 *
 * @example
 * isValidatedList(store.snapshot().records.tag!) // true
 */
export function isValidatedList(list: readonly unknown[]): boolean {
  return validatedLists.has(list)
}
