import { resolve } from 'node:path'
import { startRecorder, type Recorder } from '../replay/recording/start-recorder.js'
import { parseCliArguments } from './parse-cli-arguments.js'
import { exitCodeAfter, nextSignal } from './stop-signals.js'
import { oneLine } from './serve-options.js'

const HELP = `Usage: conversation-asset-mock record --upstream URL --out FILE [--port N] [--host H] [--keep-secrets]

Serves as a transparent proxy to a running service (a real Pieces OS) and
writes every exchange to a HAR 1.2 file as it goes: HTTP requests and
answers, and WebSocket messages both ways (as _webSocketMessages). Point your
client at the proxy; SIGINT, SIGTERM or SIGHUP stops it and closes the file.
A file whose recorder was killed is still read, up to its last whole entry.

Options:
  --upstream URL   the service to record, e.g. http://localhost:39300
  --out FILE       the HAR file to write (replaced)
  --port N         port to listen on (default 39301; 0 picks a free one)
  --host H         address to bind (default 127.0.0.1)
  --keep-secrets   keep authorization headers, cookies and tokens in bodies (redacted by default)
  --quiet          no line per exchange
  --help           show this help
`

/** The record command's options, as `util.parseArgs` reads them. */
export const RECORD_OPTION_SPECS = {
  upstream: { type: 'string' },
  out: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'keep-secrets': { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

const HINTS = {
  upstream: 'the URL of the service, e.g. http://localhost:39300',
  out: 'the HAR file to write',
  port: 'a whole number from 0 to 65535',
  host: 'an address such as 127.0.0.1',
}

interface Io {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/**
 * Runs `record`: proxies to `--upstream` and writes the HAR until a stop
 * signal (or `until` settles); resolves with the exit code: 128 plus the
 * signal once the HAR is closed (130 after Ctrl+C, 143 after SIGTERM; 0 when
 * `until` settles otherwise), 2 for bad options, 1 when it cannot listen or
 * write.
 *
 * @example
 * process.exitCode = await runRecordCommand(['--upstream', 'http://localhost:39300', '--out', 'session.har'])
 */
export async function runRecordCommand(argv: string[], io: Io = process, until = nextSignal()): Promise<number> {
  const parsed = parseCliArguments(argv, RECORD_OPTION_SPECS, HINTS)
  if ('problem' in parsed) return usage(io, parsed.problem)
  const values = parsed.values as {
    upstream?: string
    out?: string
    port?: string
    host?: string
    'keep-secrets'?: boolean
    quiet?: boolean
    help?: boolean
  }
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  if (values.upstream === undefined || !/^https?:\/\//.test(values.upstream) || !URL.canParse(values.upstream)) {
    return usage(io, `--upstream takes ${HINTS.upstream}, got "${values.upstream ?? ''}"`)
  }
  if (values.out === undefined || values.out === '') return usage(io, '--out FILE is required')
  const port = values.port === undefined ? 39301 : /^\d+$/.test(values.port) ? Number(values.port) : NaN
  if (!(port >= 0 && port <= 65535)) return usage(io, `--port takes ${HINTS.port}, got "${values.port}"`)
  const out = resolve(values.out)
  let recorder: Recorder
  try {
    recorder = await startRecorder({
      upstream: values.upstream,
      out,
      port,
      host: values.host ?? '127.0.0.1',
      keepSecrets: values['keep-secrets'] === true,
      ...(!values.quiet && { log: (line: string) => io.stdout.write(`${line}\n`) }),
    })
  } catch (error) {
    io.stderr.write(
      `Failed to start recording: ${oneLine(error instanceof Error ? error.message : String(error))}. Pass a free --port and a file you can write with --out.\n`,
    )
    return 1
  }
  io.stdout.write(
    `Recording ${values.upstream} through ${recorder.url} into ${out}${values['keep-secrets'] ? ' (secrets kept)' : ''}\n`,
  )
  const reason = await until
  await recorder.close()
  io.stdout.write(`Stopped on ${reason}: wrote ${recorder.entries} exchanges to ${out}\n`)
  return exitCodeAfter(reason)
}

function usage(io: Io, problem: string): number {
  io.stderr.write(
    `Failed to start recording: ${problem}${problem.endsWith('?') ? '' : '.'} Run "conversation-asset-mock record --help" for the options.\n`,
  )
  return 2
}
