import type { Store } from '../../../store/create-store.js'
import { MockServiceError } from '../../../errors.js'
import { seedInput, type SeedInput } from '../../inputs/seeds.js'

/** What an asset saved from a text keeps besides it: the application that saved it, a name, the seed's format. */
interface TextSeedParts {
  readonly text: string
  /** The application sent (a wire Application); the store's first application when none was. */
  readonly application?: unknown
  readonly name?: string | undefined
  /** A SeededFormat sent whole (UltraSuite); a fragment of `text` when none was. */
  readonly format?: unknown
}

/**
 * The seed of an asset saved from a text an integration sends (macOS's
 * clipboard, an UltraSuite format, a connector's reaction): the text as the
 * asset's fragment, from the application sent or the store's first one.
 *
 * @example
 * const seed = textSeed(store, { text: 'let a = 1' })
 */
export function textSeed(store: Store, parts: TextSeedParts): SeedInput {
  const stored = store.all('application')[Symbol.iterator]().next().value
  // A stored application is sent as the client's Application: without the store's own timestamps.
  const {
    created: _created,
    updated: _updated,
    ...application
  } = (parts.application ?? stored ?? {}) as Record<string, unknown>
  if (parts.application === undefined && stored === undefined) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      'Failed to save the text as an asset: no application sent and none is registered. Send an application, or connect one first (POST /connect).',
    )
  }
  const result = seedInput.safeParse({
    type: 'SEEDED_ASSET',
    asset: {
      application,
      format: parts.format ?? { fragment: { string: { raw: parts.text } } },
      ...(parts.name !== undefined && { metadata: { name: parts.name } }),
    },
  })
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const at = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  throw new MockServiceError('INVALID_REQUEST', `Invalid asset seed: ${at}${issue?.message ?? 'not a seed'}.`)
}
