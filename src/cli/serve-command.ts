import { resolve } from 'node:path'
import { readFixtureDirectory } from '../seeding/fixture-directory.js'
import { startStandaloneServer, type StandaloneServer } from '../server/start-standalone-server.js'
import { checkPersistFile } from './check-persist-file.js'
import { watchOwnerExit } from './owner-exit.js'
import { watchFixtures } from './watch-fixtures.js'
import { exitCodeAfter, nextSignal, STOP_SIGNALS } from './stop-signals.js'
import { oneLine, parseServeArguments, SERVE_HELP, type ServeOptions } from './serve-options.js'

interface Io {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/**
 * Runs the standalone server until SIGINT, SIGTERM or SIGHUP, or until the
 * npm script that started it ends; resolves with the exit
 * code: 130, 143 or 129 after a clean stop on SIGINT, SIGTERM or SIGHUP (0
 * when the npm script ended), 2 for bad options (checked before listening,
 * the `--persist` path included), 1 when the server cannot start, each said
 * in one line. `ready` is called once the server listens, before the ready
 * line is written.
 *
 * @example
 * process.exitCode = await runServeCommand(['--port', '39300'])
 */
export async function runServeCommand(
  argv: string[],
  io: Io = process,
  ready: () => void = () => undefined,
): Promise<number> {
  const parsed = parseServeArguments(argv)
  if ('help' in parsed) {
    io.stdout.write(SERVE_HELP)
    return 0
  }
  if ('problem' in parsed)
    return failure(
      io,
      2,
      `${parsed.problem}${parsed.problem.endsWith('?') ? '' : '.'} Run "conversation-asset-mock --help" for the options`,
    )
  const { options } = parsed
  const persisted = options.persist === undefined ? undefined : await checkPersistFile(options.persist)
  if (persisted && 'problem' in persisted) return failure(io, 2, persisted.problem)

  let server: StandaloneServer
  try {
    server = await startStandaloneServer({
      port: options.port,
      seed: options.seed,
      host: options.host,
      ...(options.fixtures !== undefined && { fixtures: await readFixtureDirectory(options.fixtures) }),
      ...(options.generate && { generate: options.generate }),
      ...(options.scenario && { scenario: options.scenario }),
      ...(options.journalLimit !== undefined && { journalLimit: options.journalLimit }),
      ...(options.maxConnections !== undefined && { maxConnections: options.maxConnections }),
      ...(options.maxStreamClients !== undefined && { maxStreamClients: options.maxStreamClients }),
      ...(options.maxSessions !== undefined && { maxSessions: options.maxSessions }),
      ...(options.shutdownTimeoutMs !== undefined && { shutdownTimeoutMs: options.shutdownTimeoutMs }),
      ...(options.version !== undefined && { version: options.version }),
      ...(options.maxStoreBytes !== undefined && { maxStoreBytes: options.maxStoreBytes }),
      ...(options.maxControlBytes !== undefined && { maxControlBytes: options.maxControlBytes }),
      ...(options.downloadPaceMs !== undefined && { downloadPaceMs: options.downloadPaceMs }),
      ...(options.omitInitializedFrame && { omitInitializedFrame: true }),
      ...(options.latency && { latency: options.latency }),
      ...(options.persist !== undefined && { persist: options.persist }),
      ...(options.proxy !== undefined && { proxy: options.proxy }),
      ...(options.durability !== undefined && { durability: options.durability }),
      warn: (line: string) => io.stderr.write(`${line}\n`),
      ...(!options.quiet && { log: (line: string) => io.stdout.write(`${line}\n`) }),
    })
  } catch (error) {
    return failure(io, 1, startProblem(error, options))
  }
  const { store } = server.service
  const loaded = persisted && 'exists' in persisted && persisted.exists
  // Watching before the ready line: an edit made as soon as it is read is seen.
  const stopWatching =
    options.watch && options.fixtures ? watchFixtures(options.fixtures, server.service, io) : undefined
  ready()
  io.stdout.write(
    `conversation-asset-mock ready on ${server.url} (${store.count('conversation')} conversations, ${store.count('asset')} assets ${origin(options, loaded === true)}); inspector at ${server.url}/__mock/ui\n`,
  )
  const owner = watchOwnerExit()
  const reason = await Promise.race([nextSignal(), owner.gone])
  owner.stop()
  stopWatching?.()
  io.stdout.write(`conversation-asset-mock stopping on ${reason}: finishing the requests in flight\n`)
  // A second signal stops at once, whatever is still in flight.
  const force = (again: NodeJS.Signals) => {
    io.stderr.write(`conversation-asset-mock stopped on a second ${again} before the requests in flight finished\n`)
    process.exit(1)
  }
  for (const signal of STOP_SIGNALS) process.once(signal, force)
  try {
    await server.close()
    io.stdout.write('conversation-asset-mock stopped\n')
    return exitCodeAfter(reason)
  } catch (error) {
    return failure(io, 1, `stopping failed: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, force)
  }
}

/** Where the records served came from, for the ready line. */
function origin(options: ServeOptions, loadedFromPersist: boolean): string {
  const source =
    options.scenario !== undefined && options.scenario !== 'default'
      ? `of the ${options.scenario} scenario`
      : options.fixtures !== undefined
        ? `from --fixtures "${resolve(options.fixtures)}"`
        : options.generate
          ? `generated with seed ${options.generate.seed}`
          : 'from the embedded fixtures'
  if (options.persist === undefined) return source
  const file = resolve(options.persist)
  if (!loadedFromPersist) return `${source}, kept in "${file}"`
  if (source === 'from the embedded fixtures') return `loaded from --persist "${file}"`
  return `loaded from --persist "${file}", not ${source}: the file wins while it exists; delete it to start ${source}`
}

/** One line for an error that stopped the server from starting. */
function startProblem(error: unknown, options: ServeOptions): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'EADDRINUSE') {
    return `port ${options.port} on ${options.host} is already in use. Pass another with --port N (--port 0 picks a free one)`
  }
  if (code === 'EACCES' && (error as { syscall?: string }).syscall === 'listen') {
    return `port ${options.port} on ${options.host} cannot be opened without privileges. Pass a port above 1023 with --port N`
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `--host ${options.host} is not an address of this machine. Pass one such as 127.0.0.1 or 0.0.0.0`
  }
  return oneLine(error instanceof Error ? error.message : String(error))
}

function failure(io: Io, code: number, problem: string): number {
  const text = oneLine(problem)
  const sentence = /[.?]$/.test(text) ? text : `${text}.`
  io.stderr.write(`${sentence.startsWith('Failed to') ? sentence : `Failed to start the mock: ${sentence}`}\n`)
  return code
}
