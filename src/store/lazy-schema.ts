import { z } from 'zod'

/**
 * A schema built on its first use rather than when its module loads: a
 * request body's schema costs nothing to a test that never sends that
 * request, so a cold start (import, set-up, a first GET) builds none of the
 * write schemas. It parses, composes and types as the schema `build` returns.
 *
 * @example
 * const tagInput = lazySchema(() => z.object({ text: z.string() }).loose())
 * tagInput.safeParse({ text: 'zod' }).success // true, the object schema built by this first parse
 */
export function lazySchema<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  return z.lazy(build)
}
