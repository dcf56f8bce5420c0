import { readFile } from 'node:fs/promises'
import { openHarFile } from '../replay/har/har-source.js'
import { parseAllowList, type AllowRule } from '../replay/drift/allow-list.js'
import { checkDrift } from '../replay/drift/check-drift.js'
import type { DriftReport } from '../replay/drift/drift-types.js'
import { driftText } from '../replay/drift/format-drift-report.js'
import { readFixtureDirectory } from '../seeding/fixture-directory.js'

/** What `expectNoDrift` checks against. */
export interface ExpectNoDriftOptions {
  /** Differences the team accepts: the rules themselves, or the path of an allow-list file. */
  readonly allow?: readonly AllowRule[] | string
  /** A fixtures directory to start from instead of the state the recording shows at its start. */
  readonly fixtures?: string
  /** Compare a copilot's answers word for word (by default only their shape: a model's text is its own). */
  readonly exactGeneratedText?: boolean
}

/**
 * Replays a recorded session (a HAR) against a fresh mock, as
 * `conversation-asset-mock drift` does, and fails the test with the report's
 * table when the mock answers differently beyond the allow-list; resolves
 * with the report when it does not.
 *
 * @example
 * it('answers as the recorded Pieces OS did', async () => {
 *   await expectNoDrift('test/recordings/session.har', { allow: 'test/recordings/drift-allow.json' })
 * })
 */
export async function expectNoDrift(harPath: string, options: ExpectNoDriftOptions = {}): Promise<DriftReport> {
  const allow =
    typeof options.allow === 'string'
      ? parseAllowList(await readFile(options.allow, 'utf8'), options.allow)
      : (options.allow ?? [])
  const fixtures = options.fixtures === undefined ? undefined : await readFixtureDirectory(options.fixtures)
  const report = await checkDrift(await openHarFile(harPath), {
    allow,
    ...(fixtures && { fixtures }),
    ...(options.exactGeneratedText && { exactGeneratedText: true }),
  })
  if (report.differences.length > 0) {
    throw new Error(`The mock drifts from the recording "${harPath}":\n${driftText(report)}`)
  }
  return report
}
