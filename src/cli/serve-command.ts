import { parseArgs } from 'node:util'
import { readFixtureDirectory } from '../seeding/fixture-directory.js'
import { startStandaloneServer } from '../server/start-standalone-server.js'

const HELP = `Usage: conversation-asset-mock [options]
       conversation-asset-mock fixtures --out DIR [--seed N] [--assets N] [--conversations N]

Serves the mock Conversation and Asset Service over HTTP. SIGINT or SIGTERM
stops it once the requests in flight are answered (idle and stalled
connections are closed at once, and any request still running after the
shutdown timeout is cut off); a second signal stops it at once.

Options:
  --port N         port to listen on (default 39300, the real service's port)
  --host H         address to bind (default 127.0.0.1)
  --fixtures DIR   load records from DIR instead of the embedded defaults
  --persist FILE   keep the records in FILE across restarts (a demo's state)
  --seed N         seed of the ids given to new records (default 1)
  --max-connections N
                   most connections open at once; more are answered 503 (default 1024)
  --shutdown-timeout MS
                   how long a stop waits for requests in flight (default 10000)
  --quiet          no line per request
  --help           show this help
`

interface Io {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/**
 * Runs the standalone server until SIGINT or SIGTERM; resolves with the exit code.
 *
 * @example
 * process.exitCode = await runServeCommand(['--port', '39300'])
 */
export async function runServeCommand(argv: string[], io: Io = process): Promise<number> {
  let values
  try {
    values = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        fixtures: { type: 'string' },
        persist: { type: 'string' },
        seed: { type: 'string' },
        'shutdown-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\nRun with --help for the options.\n`)
    return 2
  }
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const port = integer(values.port, 39300, 0, 65535)
  const seed = integer(values.seed, 1, 0, Number.MAX_SAFE_INTEGER)
  const shutdownTimeoutMs = integer(values['shutdown-timeout'], 10_000, 0, 3_600_000)
  const maxConnections = integer(values['max-connections'], 1024, 1, 1_000_000)
  if (port === undefined || seed === undefined || shutdownTimeoutMs === undefined || maxConnections === undefined) {
    io.stderr.write(
      `--port takes a number from 0 to 65535, --seed a whole number, --shutdown-timeout milliseconds up to 3600000 and --max-connections a number from 1.\n`,
    )
    return 2
  }
  try {
    const server = await startStandaloneServer({
      port,
      seed,
      shutdownTimeoutMs,
      maxConnections,
      host: values.host ?? '127.0.0.1',
      ...(values.fixtures !== undefined && { fixtures: await readFixtureDirectory(values.fixtures) }),
      ...(values.persist !== undefined && { persist: values.persist }),
      ...(!values.quiet && { log: (line: string) => io.stdout.write(`${line}\n`) }),
    })
    const { store } = server.service
    io.stdout.write(
      `conversation-asset-mock ready on ${server.url} (${store.count('conversation')} conversations, ${store.count('asset')} assets); inspector at ${server.url}/__mock/ui\n`,
    )
    const signal = await nextSignal()
    io.stdout.write(`conversation-asset-mock stopping on ${signal}: finishing the requests in flight\n`)
    // A second signal stops at once, whatever is still in flight.
    const force = (again: NodeJS.Signals) => {
      io.stderr.write(`conversation-asset-mock stopped on a second ${again} before the requests in flight finished\n`)
      process.exit(1)
    }
    process.once('SIGINT', force)
    process.once('SIGTERM', force)
    try {
      await server.close()
    } finally {
      process.off('SIGINT', force)
      process.off('SIGTERM', force)
    }
    return 0
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}

/** Resolves with the first SIGINT or SIGTERM, and stops listening for both. */
function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve(signal)
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

function integer(value: string | undefined, fallback: number, min: number, max: number): number | undefined {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) return undefined
  const parsed = Number(value)
  return parsed >= min && parsed <= max ? parsed : undefined
}
