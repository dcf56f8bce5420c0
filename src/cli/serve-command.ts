import { parseArgs } from 'node:util'
import { readFixtureDirectory } from '../fixtures/fixture-directory.js'
import { startStandaloneServer } from '../server/start-standalone-server.js'

const HELP = `Usage: conversation-asset-mock [options]
       conversation-asset-mock fixtures --out DIR [--seed N] [--assets N] [--conversations N]

Serves the mock Conversation and Asset Service over HTTP.

Options:
  --port N         port to listen on (default 39300, the real service's port)
  --host H         address to bind (default 127.0.0.1)
  --fixtures DIR   load records from DIR instead of the embedded defaults
  --persist FILE   keep the records in FILE across restarts (a demo's state)
  --seed N         seed of the ids given to new records (default 1)
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
  if (port === undefined || seed === undefined) {
    io.stderr.write(`--port takes a number from 0 to 65535 and --seed a whole number.\n`)
    return 2
  }
  try {
    const server = await startStandaloneServer({
      port,
      seed,
      host: values.host ?? '127.0.0.1',
      ...(values.fixtures !== undefined && { fixtures: await readFixtureDirectory(values.fixtures) }),
      ...(values.persist !== undefined && { persist: values.persist }),
      ...(!values.quiet && { log: (line: string) => io.stdout.write(`${line}\n`) }),
    })
    const { store } = server.service
    io.stdout.write(
      `conversation-asset-mock ready on ${server.url} (${store.count('conversation')} conversations, ${store.count('asset')} assets)\n`,
    )
    await new Promise<void>((resolve) => {
      const stop = () => resolve()
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
    await server.close()
    return 0
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}

function integer(value: string | undefined, fallback: number, min: number, max: number): number | undefined {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) return undefined
  const parsed = Number(value)
  return parsed >= min && parsed <= max ? parsed : undefined
}
