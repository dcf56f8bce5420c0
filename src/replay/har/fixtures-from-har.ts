import type { FixtureSet } from '../../seeding/fixture-files.js'
import { validateFixtures } from '../../seeding/validate-fixtures.js'
import type { DroppedLink } from './drop-dangling-links.js'
import { harExchanges } from './har-exchanges.js'
import { readHar } from './read-har.js'
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
 * links to records it never fetched dropped and reported.
 *
 * @example
 * const { fixtures, dropped } = fixturesFromHar(await readFile('session.har', 'utf8'), 'session.har')
 * await writeFixtureDirectory('fixtures/session', fixtures)
 */
export function fixturesFromHar(text: string, file: string): HarFixtures {
  const log = readHar(text, file)
  const { exchanges, skipped } = harExchanges(log.entries, file)
  const { end, unread } = recordedStates(exchanges)
  // Checked as `--fixtures` checks a directory: what this returns loads.
  validateFixtures(end.fixtures, { source: file })
  return { fixtures: end.fixtures, dropped: end.dropped, unread, notes: log.notes, skipped }
}
