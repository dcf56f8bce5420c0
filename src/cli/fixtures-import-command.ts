import { resolve } from 'node:path'
import { fixturesFromHar } from '../replay/har/fixtures-from-har.js'
import { openHarFile } from '../replay/har/har-source.js'
import { writeFixtureDirectory } from '../seeding/fixture-directory.js'
import { FIXTURE_FILES } from '../seeding/fixture-files.js'
import { RECORD_KINDS } from '../store/schemas/schemas.js'
import { parseCliArguments } from './parse-cli-arguments.js'
import { oneLine } from './serve-options.js'

const HELP = `Usage: conversation-asset-mock fixtures import FILE.har --out DIR

Writes the records at the end of a recording (a HAR of "record", or one saved
by the browser's developer tools) as a fixtures directory: the latest version
of every record its answers carry, ids and links kept. A link to a record the
recording never fetched is dropped and listed. Serve it with --fixtures DIR.

Options:
  --out DIR    directory to write (created if missing; its fixture files are replaced)
  --help       show this help
`

/** The fixtures import command's options, as `util.parseArgs` reads them. */
export const FIXTURES_IMPORT_OPTION_SPECS = { out: { type: 'string' }, help: { type: 'boolean' } } as const

/** Dropped links listed one per line, at most this many. */
const LISTED = 20

interface Io {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/**
 * Runs `fixtures import`: reads a HAR, checks the records it shows as
 * fixtures are checked, and only then writes the directory; resolves with the
 * exit code (2 for bad options, 1 for a HAR it cannot read or a directory it
 * cannot write, said in one line naming the entry and field).
 *
 * @example
 * process.exitCode = await runFixturesImportCommand(['session.har', '--out', 'fixtures/session'])
 */
export async function runFixturesImportCommand(argv: string[], io: Io = process): Promise<number> {
  const file = argv[0] !== undefined && !argv[0].startsWith('-') ? argv[0] : undefined
  const rest = file === undefined ? argv : argv.slice(1)
  const parsed = parseCliArguments(rest, FIXTURES_IMPORT_OPTION_SPECS, { out: 'the directory to write' })
  if ('problem' in parsed) return usage(io, parsed.problem)
  const values = parsed.values as { out?: string; help?: boolean }
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  if (file === undefined) return usage(io, 'name the HAR file to import, as in "fixtures import session.har --out DIR"')
  if (values.out === undefined || values.out === '') return usage(io, '--out DIR is required')
  const dir = resolve(values.out)
  let imported
  try {
    imported = await fixturesFromHar(await openHarFile(file))
  } catch (error) {
    return failure(io, error, `Failed to import "${file}"`)
  }
  try {
    await writeFixtureDirectory(dir, imported.fixtures)
  } catch (error) {
    return failure(io, error, `Failed to write fixtures to "${dir}"`, 'Pass a directory you can write to.')
  }
  for (const note of imported.notes) io.stderr.write(`${note}\n`)
  const counts = RECORD_KINDS.filter((kind) => (imported.fixtures[kind]?.length ?? 0) > 0).map(
    (kind) => `${imported.fixtures[kind]!.length} ${FIXTURE_FILES[kind].replace(/\.json$/, '').replace(/-/g, ' ')}`,
  )
  io.stdout.write(`Imported ${counts.join(', ') || 'no records'} from ${file} into ${dir}\n`)
  if (imported.dropped.length > 0) {
    io.stdout.write(`Dropped ${imported.dropped.length} links to records the recording never fetched:\n`)
    for (const link of imported.dropped.slice(0, LISTED)) {
      io.stdout.write(
        `  ${link.kind} ${link.id} ${link.field} -> ${link.target || '(none)'}${link.record ? ' (record left out)' : ''}\n`,
      )
    }
    if (imported.dropped.length > LISTED) io.stdout.write(`  … and ${imported.dropped.length - LISTED} more\n`)
  }
  if (imported.unread.length > 0)
    io.stdout.write(
      `Left out ${imported.unread.length} records that did not read back as their kind (e.g. ${imported.unread[0]!.kind} ${imported.unread[0]!.id}: ${imported.unread[0]!.field} ${imported.unread[0]!.problem})\n`,
    )
  return 0
}

function usage(io: Io, problem: string): number {
  io.stderr.write(
    `Failed to import fixtures: ${problem}. Run "conversation-asset-mock fixtures import --help" for the options.\n`,
  )
  return 2
}

function failure(io: Io, error: unknown, prefix: string, fix = ''): number {
  const message = oneLine(error instanceof Error ? error.message : String(error))
  io.stderr.write(
    `${message.startsWith('Failed to') ? message : `${prefix}: ${message}.${fix ? ` ${fix}` : ''}`}${message.startsWith('Failed to') ? '.' : ''}\n`,
  )
  return 1
}
