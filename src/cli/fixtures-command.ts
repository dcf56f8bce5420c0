import { resolve } from 'node:path'
import { writeFixtureDirectory } from '../seeding/fixture-directory.js'
import { FIXTURE_FILES } from '../seeding/fixture-files.js'
import { generateFixtures } from '../seeding/generate-fixtures.js'
import { validateFixtures } from '../seeding/validate-fixtures.js'
import { RECORD_KINDS } from '../store/schemas/schemas.js'
import { parseCliArguments } from './parse-cli-arguments.js'

const HELP = `Usage: conversation-asset-mock fixtures --out DIR [--seed N] [--assets N] [--conversations N]

Writes a generated fixtures directory, one JSON file per record kind. The same
options always give the same files; serve them with --fixtures DIR.

Options:
  --out DIR            directory to write (created if missing; its fixture files are replaced)
  --seed N             seed of the generated data (default 42)
  --assets N           assets to create, each with one code format (default 12)
  --conversations N    conversations to create, each with 2 to 12 messages (default 8)
  --help               show this help
`

const DEFAULTS = { seed: 42, assets: 12, conversations: 8 }

/** The fixtures command's options, as `util.parseArgs` reads them. */
export const FIXTURES_OPTION_SPECS = {
  seed: { type: 'string' },
  assets: { type: 'string' },
  conversations: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean' },
} as const

/** What each option takes, said when its value is missing or invalid. */
const VALUE_HINTS = {
  seed: `a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`,
  assets: `a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`,
  conversations: `a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`,
  out: 'the directory to write',
}

/** Above this many assets plus conversations, a progress line is shown on a terminal. */
const PROGRESS_LINE_THRESHOLD = 5000

interface Io {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/**
 * Runs `fixtures`: generates a fixture set, validates it, writes it as a
 * fixtures directory and prints one summary line; resolves with the exit code
 * (2 for bad options, 1 if the directory cannot be written).
 *
 * @example
 * process.exitCode = await runFixturesCommand(['--seed', '42', '--assets', '10000', '--out', 'fixtures/big'])
 */
export async function runFixturesCommand(argv: string[], io: Io = process): Promise<number> {
  const parsed = parseCliArguments(argv, FIXTURES_OPTION_SPECS, VALUE_HINTS)
  if ('problem' in parsed) return usageError(io, parsed.problem)
  const values = parsed.values as {
    seed?: string
    assets?: string
    conversations?: string
    out?: string
    help?: boolean
  }
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const options = { ...DEFAULTS }
  for (const name of ['seed', 'assets', 'conversations'] as const) {
    const parsed = wholeNumber(values[name], DEFAULTS[name])
    if (parsed === undefined) {
      return usageError(io, `--${name} takes ${VALUE_HINTS[name]}, got "${values[name] ?? ''}"`)
    }
    options[name] = parsed
  }
  if (values.out === undefined || values.out === '') {
    return usageError(io, '--out DIR is required')
  }
  const dir = resolve(values.out)

  const total = options.assets + options.conversations
  const progress = total > PROGRESS_LINE_THRESHOLD && isTerminal(io.stderr) ? progressLine(io.stderr) : undefined
  let fixtures
  try {
    fixtures = generateFixtures({ ...options, ...(progress && { onProgress: progress.update }) })
  } finally {
    progress?.clear()
  }
  // A generator bug should fail here, loudly, rather than in whoever loads the files.
  validateFixtures(fixtures)

  try {
    await writeFixtureDirectory(dir, fixtures)
  } catch (error) {
    io.stderr.write(
      `Failed to write fixtures to "${dir}": ${oneLine(error instanceof Error ? error.message : String(error))}. Pass a directory you can write to.\n`,
    )
    return 1
  }
  const written = RECORD_KINDS.map(
    (kind) => `${fixtures[kind].length} ${FIXTURE_FILES[kind].replace(/\.json$/, '').replace(/-/g, ' ')}`,
  )
  io.stdout.write(`Wrote ${written.join(', ')} to ${dir}\n`)
  return 0
}

function usageError(io: Io, problem: string): number {
  io.stderr.write(
    `Failed to generate fixtures: ${problem}${problem.endsWith('?') ? '' : '.'} Run "conversation-asset-mock fixtures --help" for the options.\n`,
  )
  return 2
}

/** A whole number of 0 or more, the fallback when absent, undefined when malformed. */
function wholeNumber(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) return undefined
  const parsed = Number(value)
  return Number.isSafeInteger(parsed) ? parsed : undefined
}

function oneLine(message: string): string {
  return message.replace(/\s+/g, ' ').trim().replace(/\.$/, '')
}

/**
 * One line on a terminal that counts the records generated, rewritten in place (`\r`) and cleared
 * when done, so the summary line is all that stays.
 */
function progressLine(stream: NodeJS.WritableStream): {
  update: (done: number, total: number) => void
  clear: () => void
} {
  return {
    update: (done, total) =>
      stream.write(
        `\rGenerating fixtures: ${done}/${total} assets and conversations (${Math.floor((done / total) * 100)}%)`,
      ),
    clear: () => stream.write('\r\x1b[2K'),
  }
}

function isTerminal(stream: NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true
}
