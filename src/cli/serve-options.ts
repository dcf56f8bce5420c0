import { isScenarioName, SCENARIOS, type ScenarioName } from '../seeding/scenarios.js'
import { DEFAULT_SERVICE_VERSION } from '../domain/machine/service-info.js'
import { DEFAULT_DOWNLOAD_PACE_MS, MAX_DOWNLOAD_PACE_MS } from '../domain/machine/model-downloads.js'
import type { GenerateFixturesOptions } from '../seeding/generate-fixtures.js'
import type { Durability } from '../persistence/file/file-persistence.js'
import { parseCliArguments } from './parse-cli-arguments.js'
import { parseByteSize } from './byte-size.js'
import { MAX_LATENCY_MS, type LatencySettings } from '../control/latency/latency.js'

/** What the serve command was asked for, checked. */
export interface ServeOptions {
  readonly port: number
  readonly host: string
  readonly seed: number
  readonly quiet: boolean
  readonly fixtures?: string
  readonly persist?: string
  readonly durability?: Durability
  readonly scenario?: ScenarioName
  readonly generate?: GenerateFixturesOptions
  readonly journalLimit?: number
  readonly maxConnections?: number
  readonly maxStreamClients?: number
  readonly maxSessions?: number
  readonly shutdownTimeoutMs?: number
  readonly version?: string
  readonly proxy?: string
  readonly maxStoreBytes?: number
  readonly maxControlBytes?: number
  readonly downloadPaceMs?: number
  readonly omitInitializedFrame?: boolean
  readonly latency?: LatencySettings
  readonly watch?: boolean
}

/** The serve command's arguments: options, a request for help, or what is wrong with them. */
export type ServeArguments = { readonly options: ServeOptions } | { readonly help: true } | { readonly problem: string }

/** The help text of the serve command. */
export const SERVE_HELP = `Usage: conversation-asset-mock [options]
       conversation-asset-mock fixtures --out DIR [--seed N] [--assets N] [--conversations N]
       conversation-asset-mock fixtures import FILE.har --out DIR
       conversation-asset-mock record --upstream URL --out FILE.har [--port N]
       conversation-asset-mock drift FILE.har [--fixtures DIR] [--allow FILE] [--json FILE] [--markdown FILE]

Serves the mock Conversation and Asset Service over HTTP. SIGINT, SIGTERM or
SIGHUP stops it, and so does the end of the npm script that started it (npm
start, npx), once the requests in flight are answered (idle and stalled connections
are closed at once, a request still running after the shutdown timeout is cut
off); a second signal stops it at once.

Options:
  --port N             port to listen on (default 39300, the real service's port; 0 picks a free one)
  --host H             address to bind (default 127.0.0.1)
  --fixtures DIR       load records from DIR instead of the embedded defaults
  --watch              reload --fixtures DIR when a file in it changes (a bad edit keeps the
                       records served and says what is wrong)
  --generate S,A,C     generate the records instead: seed S, A assets, C conversations (e.g. 42,1000,500)
  --scenario NAME      start from a scenario: ${SCENARIOS.join(', ')} (default default)
  --persist FILE       keep the records in FILE across restarts (a demo's state); when FILE
                       exists, its records are loaded instead of the fixtures. Each write
                       is logged in FILE.log.<n> and on disk before it is answered; one the
                       disk cannot take answers 507 and is not applied
  --durability MODE    how --persist keeps writes: durable (default: on disk before the
                       answer) or relaxed (the whole state saved in the background; a crash
                       may lose the last seconds of writes)
  --seed N             seed of the ids given to new records (default 1)
  --journal-limit N    requests the journal keeps (default 10000; 0 keeps none)
  --max-connections N  most HTTP connections open at once; a request past it answers 503
                       (default 1024; stream clients are not counted here)
  --max-stream-clients N
                       most stream (WebSocket) clients open at once; an upgrade past it
                       answers 503 (default 1024)
  --max-sessions N     most mock sessions (x-mock-session) kept at once; past it the least
                       recently used is dropped (default 64; a session takes about 0.4 MiB)
  --shutdown-timeout MS
                       how long a stop waits for the requests in flight (default 10000)
  --max-store-bytes SIZE
                       most the records may hold, in bytes or with a unit (e.g. 64MiB, 2GiB;
                       default 512MiB); a write past it answers 507 and changes nothing
  --max-control-bytes SIZE
                       most the control plane of every session may hold (default 512MiB): a
                       quarter for journals, which drop their oldest entries; faults, scripted
                       replies and snapshots past the rest answer 507
  --delay MS[..MS]     wait MS before every answer and stream frame, as a network would; MS..MS
                       waits a seeded random time in that range (frames the shorter)
  --os-version V       version GET /.well-known/version answers (default ${DEFAULT_SERVICE_VERSION})
  --download-pace MS   milliseconds between the 10 % steps of a model download (default
                       ${DEFAULT_DOWNLOAD_PACE_MS}: a download takes ${(DEFAULT_DOWNLOAD_PACE_MS * 10) / 1000} s; 0 ends one at once)
  --omit-initialized-frame
                       start copilot answers on /qgpt/stream with their first chunk, not
                       INITIALIZED (for the Python SDK's stream_question(), 3.0.0 to 5.0.1)
  --proxy URL          forward what the mock answers 501 (operations it does not implement) to a
                       running service, e.g. http://localhost:39300
  --quiet              no line per request or stream connection
  -h, --help           show this help
  -v, --version        print the version of conversation-asset-mock
`

/** The serve command's options, as `util.parseArgs` reads them. */
export const SERVE_OPTION_SPECS = {
  port: { type: 'string' },
  host: { type: 'string' },
  fixtures: { type: 'string' },
  generate: { type: 'string' },
  scenario: { type: 'string' },
  persist: { type: 'string' },
  durability: { type: 'string' },
  seed: { type: 'string' },
  'journal-limit': { type: 'string' },
  'max-connections': { type: 'string' },
  'max-stream-clients': { type: 'string' },
  'max-sessions': { type: 'string' },
  'shutdown-timeout': { type: 'string' },
  'os-version': { type: 'string' },
  proxy: { type: 'string' },
  'max-store-bytes': { type: 'string' },
  'max-control-bytes': { type: 'string' },
  'download-pace': { type: 'string' },
  delay: { type: 'string' },
  'omit-initialized-frame': { type: 'boolean' },
  quiet: { type: 'boolean' },
  watch: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

/** The most sessions `--max-sessions` takes: each is a whole mock, and they share one process. */
const MAX_SESSIONS = 10_000

/** The whole-number options and the range each takes. */
const NUMBER_RANGES = {
  port: { min: 0, max: 65535, fallback: 39300 },
  seed: { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 1 },
  'journal-limit': { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: undefined },
  'max-connections': { min: 1, max: Number.MAX_SAFE_INTEGER, fallback: undefined },
  'max-stream-clients': { min: 1, max: Number.MAX_SAFE_INTEGER, fallback: undefined },
  'max-sessions': { min: 1, max: MAX_SESSIONS, fallback: undefined },
  'shutdown-timeout': { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: undefined },
  'download-pace': { min: 0, max: MAX_DOWNLOAD_PACE_MS, fallback: undefined },
} as const

type NumberOption = keyof typeof NUMBER_RANGES

/** What each option takes, said when its value is missing or invalid. */
const VALUE_HINTS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(NUMBER_RANGES).map(([name, range]) => [name, `a whole number from ${range.min} to ${range.max}`]),
  ),
  'shutdown-timeout': `a whole number of milliseconds from 0 to ${Number.MAX_SAFE_INTEGER}`,
  'download-pace': `a whole number of milliseconds from 0 to ${MAX_DOWNLOAD_PACE_MS}`,
  host: 'an address such as 127.0.0.1 or 0.0.0.0',
  fixtures: 'a fixtures directory',
  persist: 'a file path',
  durability: 'durable or relaxed',
  generate: 'seed,assets,conversations as three whole numbers (e.g. 42,1000,500)',
  scenario: `one of ${SCENARIOS.join(', ')}`,
  'os-version': `a version such as ${DEFAULT_SERVICE_VERSION} (major.minor.patch, optionally -pre or +build)`,
  proxy: 'the URL of a running service, e.g. http://localhost:39300',
  delay: `milliseconds from 0 to ${MAX_LATENCY_MS}, or a range such as 50..200`,
  'max-store-bytes': 'a size above 0 in bytes or with a unit, such as 536870912, 512MiB or 2GiB',
  'max-control-bytes': 'a size above 0 in bytes or with a unit, such as 536870912, 512MiB or 2GiB',
}

/**
 * Parses and checks the serve command's arguments; a problem is one line,
 * ready to print after "Failed to start the mock: ", saying what the option
 * takes.
 *
 * @example
 * parseServeArguments(['--port', '0', '--scenario', 'empty']) // { options: { port: 0, scenario: 'empty', … } }
 */
export function parseServeArguments(argv: readonly string[]): ServeArguments {
  const parsed = parseCliArguments(argv, SERVE_OPTION_SPECS, VALUE_HINTS)
  if ('problem' in parsed) return parsed
  const values = parsed.values as ServeValues
  if (values.help) return { help: true }

  const numbers: Partial<Record<NumberOption, number>> = {}
  for (const name of Object.keys(NUMBER_RANGES) as NumberOption[]) {
    const { min, max, fallback } = NUMBER_RANGES[name]
    const value = wholeNumber(values[name], fallback)
    if (value === undefined ? values[name] !== undefined : value < min || value > max) {
      return { problem: `--${name} takes ${VALUE_HINTS[name]}, got "${values[name]}"` }
    }
    if (value !== undefined) numbers[name] = value
  }
  const text = checkTextOptions(values)
  if (typeof text === 'string') return { problem: text }
  return {
    options: {
      port: numbers.port!,
      seed: numbers.seed!,
      host: values.host ?? '127.0.0.1',
      quiet: values.quiet === true,
      ...(values.fixtures !== undefined && { fixtures: values.fixtures }),
      ...(values.persist !== undefined && { persist: values.persist }),
      ...(values.durability !== undefined && { durability: values.durability as Durability }),
      ...(values.scenario !== undefined && { scenario: values.scenario as ScenarioName }),
      ...(text.generate && { generate: text.generate }),
      ...(numbers['journal-limit'] !== undefined && { journalLimit: numbers['journal-limit'] }),
      ...(numbers['max-connections'] !== undefined && { maxConnections: numbers['max-connections'] }),
      ...(numbers['max-stream-clients'] !== undefined && { maxStreamClients: numbers['max-stream-clients'] }),
      ...(numbers['max-sessions'] !== undefined && { maxSessions: numbers['max-sessions'] }),
      ...(numbers['shutdown-timeout'] !== undefined && { shutdownTimeoutMs: numbers['shutdown-timeout'] }),
      ...(values['os-version'] !== undefined && { version: values['os-version'] }),
      ...(values.proxy !== undefined && { proxy: values.proxy }),
      ...(text.maxStoreBytes !== undefined && { maxStoreBytes: text.maxStoreBytes }),
      ...(text.maxControlBytes !== undefined && { maxControlBytes: text.maxControlBytes }),
      ...(numbers['download-pace'] !== undefined && { downloadPaceMs: numbers['download-pace'] }),
      ...(values['omit-initialized-frame'] === true && { omitInitializedFrame: true }),
      ...(text.latency && { latency: text.latency }),
      ...(values.watch === true && { watch: true }),
    },
  }
}

type ServeValues = {
  [name in keyof typeof SERVE_OPTION_SPECS]?: (typeof SERVE_OPTION_SPECS)[name] extends {
    type: 'boolean'
  }
    ? boolean
    : string
}

/** Checks the options that are not numbers; a problem in one line, or the --generate request. */
function checkTextOptions(values: ServeValues):
  | string
  | {
      generate?: GenerateFixturesOptions
      maxStoreBytes?: number
      maxControlBytes?: number
      latency?: LatencySettings
    } {
  if (values.scenario !== undefined && !isScenarioName(values.scenario)) {
    return `--scenario takes ${VALUE_HINTS.scenario}, got "${values.scenario}"`
  }
  let generate: GenerateFixturesOptions | undefined
  if (values.generate !== undefined) {
    const parts = values.generate.split(',').map((part) => wholeNumber(part.trim(), undefined))
    const [generateSeed, assets, conversations] = parts
    if (parts.length !== 3 || generateSeed === undefined || assets === undefined || conversations === undefined) {
      return `--generate takes ${VALUE_HINTS.generate}, got "${values.generate}"`
    }
    if (values.fixtures !== undefined) return '--generate and --fixtures both give the records; pass one of them'
    generate = { seed: generateSeed, assets, conversations }
  }
  if (values.durability !== undefined && values.durability !== 'durable' && values.durability !== 'relaxed') {
    return `--durability takes ${VALUE_HINTS.durability}, got "${values.durability}"`
  }
  if (values.watch === true && values.fixtures === undefined)
    return '--watch reloads --fixtures DIR; pass --fixtures DIR too'
  if (values.watch === true && values.persist !== undefined) {
    return '--watch reloads --fixtures while --persist keeps the records in its file; pass one of them'
  }
  if (values.durability !== undefined && values.persist === undefined) {
    return '--durability says how --persist keeps writes; pass --persist FILE too'
  }
  if (values['os-version'] !== undefined && !SERVICE_VERSION.test(values['os-version'])) {
    return `--os-version takes ${VALUE_HINTS['os-version']}, got "${values['os-version']}"`
  }
  if (values.proxy !== undefined && !(/^https?:\/\//.test(values.proxy) && URL.canParse(values.proxy))) {
    return `--proxy takes ${VALUE_HINTS.proxy}, got "${values.proxy}"`
  }
  for (const name of ['host', 'fixtures', 'persist'] as const) {
    if (values[name] === '') return `--${name} needs a value: ${VALUE_HINTS[name]}`
  }
  const maxStoreBytes = byteOption(values, 'max-store-bytes')
  if (typeof maxStoreBytes === 'string') return maxStoreBytes
  const maxControlBytes = byteOption(values, 'max-control-bytes')
  if (typeof maxControlBytes === 'string') return maxControlBytes
  const latency = values.delay === undefined ? undefined : parseDelay(values.delay)
  if (values.delay !== undefined && latency === undefined)
    return `--delay takes ${VALUE_HINTS.delay}, got "${values.delay}"`
  return {
    ...(generate && { generate }),
    ...(maxStoreBytes !== undefined && { maxStoreBytes }),
    ...(maxControlBytes !== undefined && { maxControlBytes }),
    ...(latency && { latency }),
  }
}

/** A size option's bytes, undefined when left out, or the line saying what it takes. */
function byteOption(values: ServeValues, name: 'max-store-bytes' | 'max-control-bytes'): number | string | undefined {
  const text = values[name]
  if (text === undefined) return undefined
  return parseByteSize(text) ?? `--${name} takes ${VALUE_HINTS[name]}, got "${text}"`
}

/** A version as the service reports it: semantic versioning's major.minor.patch, with a pre-release or build if any. */
const SERVICE_VERSION = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[\w.-]{1,64})?(?:\+[\w.-]{1,64})?$/

/** `--delay MS` as a default latency, `--delay MIN..MAX` as MIN plus a jitter up to MAX; undefined when malformed. */
function parseDelay(value: string): LatencySettings | undefined {
  const [min, max, extra] = value.split('..').map((part) => wholeNumber(part.trim(), undefined))
  if (min === undefined || extra !== undefined || min > MAX_LATENCY_MS) return undefined
  if (!value.includes('..')) return { default: min }
  if (max === undefined || max < min || max > MAX_LATENCY_MS) return undefined
  return { default: min, jitter: max - min }
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
