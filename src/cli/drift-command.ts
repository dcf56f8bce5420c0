import { readFile } from 'node:fs/promises'
import { openHarFile } from '../replay/har/har-source.js'
import { parseAllowList, type AllowRule } from '../replay/drift/allow-list.js'
import { checkDrift } from '../replay/drift/check-drift.js'
import type { DriftReport } from '../replay/drift/drift-types.js'
import { driftMarkdown, driftText } from '../replay/drift/format-drift-report.js'
import { readFixtureDirectory } from '../seeding/fixture-directory.js'
import type { FixtureSet } from '../seeding/fixture-files.js'
import { parseCliArguments } from './parse-cli-arguments.js'
import { oneLine } from './serve-options.js'
import { writeFileAtomically } from '../seeding/fixture-directory.js'

const HELP = `Usage: conversation-asset-mock drift FILE.har [--fixtures DIR] [--allow FILE] [--json FILE] [--markdown FILE] [--limit N | --all] [--exact-generated-text]

Replays a recording's requests and streams in order against a fresh mock
seeded with the state at the recording's start, and compares each answer
with the recorded one: status, shape against the official client's models,
each field's value, the order and content of stream frames. Prints the
counts of differences per operation and per kind, then the first 50 (--limit,
--all), grouped by operation; exits 1 when any is left after the
allow-list, 0 when none, 2 when the input cannot be read.

Options:
  --fixtures DIR   start from these records instead of those the recording shows
  --allow FILE     differences the team accepts: a JSON list of { operation, kind, field, reason }
  --json FILE      write the report as JSON
  --markdown FILE  write the report as Markdown
  --limit N        show at most N differences row by row (default 50; the counts cover all)
  --all            show every difference row by row
  --exact-generated-text
                   compare the copilot's answers word for word (by default only their
                   shape: a model's text is its own)
  --help           show this help
`

/** The drift command's options, as `util.parseArgs` reads them. */
export const DRIFT_OPTION_SPECS = {
  fixtures: { type: 'string' },
  allow: { type: 'string' },
  json: { type: 'string' },
  markdown: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
  'exact-generated-text': { type: 'boolean' },
  help: { type: 'boolean' },
} as const

interface Io {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/**
 * Runs `drift`: checks a recording against the mock and prints the report;
 * resolves with the exit code (1 for differences, 2 for bad options or input).
 *
 * @example
 * process.exitCode = await runDriftCommand(['session.har', '--allow', 'drift-allow.json', '--markdown', 'drift.md'])
 */
export async function runDriftCommand(argv: string[], io: Io = process): Promise<number> {
  const file = argv[0] !== undefined && !argv[0].startsWith('-') ? argv[0] : undefined
  const rest = file === undefined ? argv : argv.slice(1)
  const parsed = parseCliArguments(rest, DRIFT_OPTION_SPECS, {
    fixtures: 'a fixtures directory',
    allow: 'an allow-list file',
    json: 'a file to write',
    markdown: 'a file to write',
    limit: 'a number of differences',
  })
  if ('problem' in parsed)
    return failure(io, 2, `${parsed.problem}. Run "conversation-asset-mock drift --help" for the options`)
  const values = parsed.values as {
    fixtures?: string
    allow?: string
    json?: string
    markdown?: string
    limit?: string
    all?: boolean
    'exact-generated-text'?: boolean
    help?: boolean
  }
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  if (file === undefined) return failure(io, 2, 'name the HAR file to check, as in "drift session.har"')
  const limit = values.all ? Infinity : values.limit === undefined ? undefined : Number(values.limit)
  if (limit !== undefined && !(Number.isInteger(limit) || limit === Infinity)) {
    return failure(
      io,
      2,
      `--limit must be a whole number of differences, got "${values.limit}"; pass --limit 100 or --all`,
    )
  }
  if (limit !== undefined && limit < 0) return failure(io, 2, `--limit must be 0 or more, got "${values.limit}"`)
  let report: DriftReport
  try {
    const fixtures: FixtureSet | undefined =
      values.fixtures === undefined ? undefined : await readFixtureDirectory(values.fixtures)
    const allow: AllowRule[] =
      values.allow === undefined ? [] : parseAllowList(await readFile(values.allow, 'utf8'), values.allow)
    report = await checkDrift(await openHarFile(file), {
      allow,
      ...(fixtures && { fixtures }),
      ...(values['exact-generated-text'] && { exactGeneratedText: true }),
    })
  } catch (error) {
    return failure(io, 2, error instanceof Error ? error.message : String(error))
  }
  try {
    if (values.json !== undefined) await writeFileAtomically(values.json, `${JSON.stringify(report, null, 2)}\n`)
    if (values.markdown !== undefined) await writeFileAtomically(values.markdown, driftMarkdown(report))
  } catch (error) {
    return failure(
      io,
      2,
      `could not write the report: ${error instanceof Error ? error.message : String(error)}. Pass files you can write`,
    )
  }
  io.stdout.write(driftText(report, limit === undefined ? {} : { limit }))
  return report.differences.length === 0 ? 0 : 1
}

function failure(io: Io, code: number, problem: string): number {
  const text = oneLine(problem)
  io.stderr.write(`${text.startsWith('Failed to') ? text : `Failed to check drift: ${text}`}.\n`)
  return code
}
