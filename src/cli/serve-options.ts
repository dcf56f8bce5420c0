import { parseArgs } from 'node:util'
import { isScenarioName, SCENARIOS, type ScenarioName } from '../seeding/scenarios.js'
import { DEFAULT_SERVICE_VERSION } from '../domain/service-info.js'
import type { GenerateFixturesOptions } from '../seeding/generate-fixtures.js'

/** What the serve command was asked for, checked. */
export interface ServeOptions {
  readonly port: number
  readonly host: string
  readonly seed: number
  readonly quiet: boolean
  readonly fixtures?: string
  readonly persist?: string
  readonly scenario?: ScenarioName
  readonly generate?: GenerateFixturesOptions
  readonly journalLimit?: number
  readonly maxConnections?: number
  readonly shutdownTimeoutMs?: number
  readonly version?: string
}

/** The serve command's arguments: options, a request for help, or what is wrong with them. */
export type ServeArguments = { readonly options: ServeOptions } | { readonly help: true } | { readonly problem: string }

/** The help text of the serve command. */
export const SERVE_HELP = `Usage: conversation-asset-mock [options]
       conversation-asset-mock fixtures --out DIR [--seed N] [--assets N] [--conversations N]

Serves the mock Conversation and Asset Service over HTTP. SIGINT or SIGTERM
stops it once the requests in flight are answered (idle and stalled connections
are closed at once, a request still running after the shutdown timeout is cut
off); a second signal stops it at once.

Options:
  --port N             port to listen on (default 39300, the real service's port; 0 picks a free one)
  --host H             address to bind (default 127.0.0.1)
  --fixtures DIR       load records from DIR instead of the embedded defaults
  --generate S,A,C     generate the records instead: seed S, A assets, C conversations (e.g. 42,1000,500)
  --scenario NAME      start from a scenario: ${SCENARIOS.join(', ')} (default default)
  --persist FILE       keep the records in FILE across restarts (a demo's state); when FILE
                       exists, its records are loaded instead of the fixtures; a write
                       that fails is reported on stderr, and the next change tries again
  --seed N             seed of the ids given to new records (default 1)
  --journal-limit N    requests the journal keeps (default 10000; 0 keeps none)
  --max-connections N  most connections open at once; a request past it answers 503 (default 1024)
  --shutdown-timeout MS
                       how long a stop waits for the requests in flight (default 10000)
  --os-version V       version GET /.well-known/version answers (default ${DEFAULT_SERVICE_VERSION})
  --quiet              no line per request or stream connection
  --help               show this help
`

/**
 * Parses and checks the serve command's arguments; a problem is one line,
 * ready to print after "Failed to start the mock: ".
 *
 * @example
 * parseServeArguments(['--port', '0', '--scenario', 'empty']) // { options: { port: 0, scenario: 'empty', … } }
 */
export function parseServeArguments(argv: readonly string[]): ServeArguments {
  let values
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        fixtures: { type: 'string' },
        generate: { type: 'string' },
        scenario: { type: 'string' },
        persist: { type: 'string' },
        seed: { type: 'string' },
        'journal-limit': { type: 'string' },
        'max-connections': { type: 'string' },
        'shutdown-timeout': { type: 'string' },
        'os-version': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values
  } catch (error) {
    return { problem: oneLine(error instanceof Error ? error.message : String(error)) }
  }
  if (values.help) return { help: true }

  const port = wholeNumber(values.port, 39300)
  if (port === undefined || port > 65535)
    return { problem: `--port takes a number from 0 to 65535, got "${values.port}"` }
  const seed = wholeNumber(values.seed, 1)
  if (seed === undefined) return { problem: `--seed takes a whole number of 0 or more, got "${values.seed}"` }
  const journalLimit = wholeNumber(values['journal-limit'], undefined)
  if (values['journal-limit'] !== undefined && journalLimit === undefined) {
    return { problem: `--journal-limit takes a whole number of 0 or more, got "${values['journal-limit']}"` }
  }
  const maxConnections = wholeNumber(values['max-connections'], undefined)
  if (values['max-connections'] !== undefined && (maxConnections === undefined || maxConnections < 1)) {
    return { problem: `--max-connections takes a whole number of 1 or more, got "${values['max-connections']}"` }
  }
  const shutdownTimeoutMs = wholeNumber(values['shutdown-timeout'], undefined)
  if (values['shutdown-timeout'] !== undefined && shutdownTimeoutMs === undefined) {
    return {
      problem: `--shutdown-timeout takes a whole number of milliseconds, got "${values['shutdown-timeout']}"`,
    }
  }
  if (values.scenario !== undefined && !isScenarioName(values.scenario)) {
    return { problem: `--scenario takes one of ${SCENARIOS.join(', ')}, got "${values.scenario}"` }
  }
  let generate: GenerateFixturesOptions | undefined
  if (values.generate !== undefined) {
    const parts = values.generate.split(',').map((part) => wholeNumber(part.trim(), undefined))
    const [generateSeed, assets, conversations] = parts
    if (parts.length !== 3 || generateSeed === undefined || assets === undefined || conversations === undefined) {
      return {
        problem: `--generate takes seed,assets,conversations as three whole numbers (e.g. 42,1000,500), got "${values.generate}"`,
      }
    }
    if (values.fixtures !== undefined)
      return { problem: '--generate and --fixtures both give the records; pass one of them' }
    generate = { seed: generateSeed, assets, conversations }
  }
  if (values['os-version'] !== undefined && !/^\S+$/.test(values['os-version'])) {
    return {
      problem: `--os-version takes a version such as ${DEFAULT_SERVICE_VERSION} (no spaces), got "${values['os-version']}"`,
    }
  }
  for (const name of ['host', 'fixtures', 'persist'] as const) {
    if (values[name] === '') return { problem: `--${name} needs a value` }
  }
  return {
    options: {
      port,
      seed,
      host: values.host ?? '127.0.0.1',
      quiet: values.quiet === true,
      ...(values.fixtures !== undefined && { fixtures: values.fixtures }),
      ...(values.persist !== undefined && { persist: values.persist }),
      ...(values.scenario !== undefined && { scenario: values.scenario as ScenarioName }),
      ...(generate && { generate }),
      ...(journalLimit !== undefined && { journalLimit }),
      ...(maxConnections !== undefined && { maxConnections }),
      ...(shutdownTimeoutMs !== undefined && { shutdownTimeoutMs }),
      ...(values['os-version'] !== undefined && { version: values['os-version'] }),
    },
  }
}

/** A whole number of 0 or more, the fallback when absent, undefined when malformed. */
function wholeNumber<T extends number | undefined>(value: string | undefined, fallback: T): number | T | undefined {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) return undefined
  const parsed = Number(value)
  return Number.isSafeInteger(parsed) ? parsed : undefined
}

/** A message on one line, without its closing period. */
export function oneLine(message: string): string {
  return message.replace(/\s+/g, ' ').trim().replace(/\.$/, '')
}
