import { SimpleFaker } from '@faker-js/faker'

/**
 * A generator of v4 uuids that gives the same sequence for the same seed.
 *
 * @example
 * const createId = seededIds(42)
 * createId() // the same uuid on every run
 */
export function seededIds(seed: number): () => string {
  const faker = new SimpleFaker({ seed })
  return () => faker.string.uuid()
}
