/**
 * Whether `actual` contains `expected`, as `verify()` matches a request body:
 * every key of an expected object is on the actual object with a value that
 * contains the expected one; every element of an expected array is contained
 * by some element of the actual array (in any order, extra elements allowed);
 * anything else is equal (`NaN` equals `NaN`).
 *
 * @example
 * containsMatch({ name: 'a', tags: ['x', 'y'] }, { tags: ['y'] }) // true
 */
export function containsMatch(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.every((wanted) => actual.some((element) => containsMatch(element, wanted)))
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false
    return Object.entries(expected).every(
      ([key, wanted]) => Object.hasOwn(actual, key) && containsMatch((actual as Record<string, unknown>)[key], wanted),
    )
  }
  return actual === expected || (Number.isNaN(actual) && Number.isNaN(expected))
}
