import type { z } from 'zod'

/**
 * A schema built on its first use rather than when its module loads: a
 * request body's schema costs nothing to a test that never sends that
 * request, so a cold start (import, set-up, a first GET) builds no schema at
 * all. What it gives stands for the schema `build` returns: every property
 * read, `in` and `instanceof` goes to that schema, built by the first of
 * them, so it parses, composes and types as that schema does (zod's methods
 * are bound to their schema, so `.optional()` of it wraps the built schema).
 *
 * @example
 * const tagInput = lazySchema(() => z.object({ text: z.string() }).loose())
 * tagInput.safeParse({ text: 'zod' }).success // true, the object schema built by this first parse
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let built: T | undefined
  const schema = () => (built ??= build())
  return new Proxy({} as T, {
    get: (_, key) => (key === STATE ? (built === undefined ? 'waiting' : 'built') : Reflect.get(schema(), key)),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  })
}

/** The key under which a lazy schema tells, without building, whether it has built its schema (one key for every copy of this module). */
const STATE = Symbol.for('conversation-asset-mock.lazy-schema-state')

/**
 * Whether a value is a {@link lazySchema} and, if so, whether it has built
 * its schema yet: `'built'`, `'waiting'`, or undefined for anything else.
 * Asking builds nothing.
 *
 * @example
 * lazySchemaState(lazySchema(() => z.string())) // 'waiting'
 */
export function lazySchemaState(value: unknown): 'built' | 'waiting' | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const state: unknown = (value as Record<symbol, unknown>)[STATE]
  return state === 'built' || state === 'waiting' ? state : undefined
}

/**
 * A function that calls `build` once, on its first call, and gives back that
 * result ever after: the parts several lazy schemas of a module share, built
 * with the first of them.
 *
 * @example
 * const parts = builtOnce(() => ({ id: z.string().min(1) }))
 * const tagInput = lazySchema(() => z.object({ id: parts().id }))
 */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined
  return () => (built ??= { value: build() }).value
}
