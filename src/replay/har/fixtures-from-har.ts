import type { FixtureSet } from '../../seeding/fixture-files.js'
import { validateFixtures } from '../../seeding/validate-fixtures.js'
import type { DroppedLink } from './drop-dangling-links.js'
import { indexHar } from './har-index.js'
import type { HarSource } from './har-source.js'
import { recordedStates } from './recorded-states.js'
import type { UnreadRecord } from './recorded-records.js'

/** The state at the end of a recording, as fixtures, and what had to be left out. */
export interface HarFixtures {
  readonly fixtures: FixtureSet
  /** Links (and records) left out: they point at records the recording never fetched. */
  readonly dropped: readonly DroppedLink[]
  /** Records of the answers that did not read back as their kind. */
  readonly unread: readonly UnreadRecord[]
  /** What reading the HAR left out (an unclosed file's incomplete last entry). */
  readonly notes: readonly string[]
  /** Entries that are not the service's. */
  readonly skipped: number
}

/**
 * The records at the end of a recording (a HAR of the recorder or of the
 * browser's developer tools) as a fixture set, validated as fixtures are:
 * the latest version of every record its answers carry, ids and links kept,
 * links to records it never fetched dropped and reported. The HAR is read
 * entry by entry: memory grows with the records, not with the file.
 *
 * @example
 * const { fixtures, dropped } = await fixturesFromHar(await openHarFile('session.har'))
 * await writeFixtureDirectory('fixtures/session', fixtures)
 */
export async function fixturesFromHar(source: HarSource): Promise<HarFixtures> {
  const index = await indexHar(source)
  const { end, unread } = await recordedStates(index).finally(() => source.close())
  // Checked as `--fixtures` checks a directory: what this returns loads.
  validateFixtures(end.fixtures, { source: source.name })
  return { fixtures: end.fixtures, dropped: end.dropped, unread, notes: index.notes, skipped: index.skipped }
}
