/**
 * A field of a request's JSON body (checked by whoever takes it), or undefined.
 *
 * @example
 * const name = bodyField({ name: 'before' }, 'name') // 'before'
 */
export function bodyField(body: unknown, field: string): unknown {
  return typeof body === 'object' && body !== null ? (Reflect.get(body, field) as unknown) : undefined
}
