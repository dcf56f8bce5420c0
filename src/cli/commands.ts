import { createRequire } from 'node:module'

/**
 * Runs the command the arguments name; each command loads only what it runs (serving never loads the fixture
 * generator). `ready` is called once a server is ready to answer, before it says so.
 *
 * @example
 * process.exitCode = await runCommand(['--port', '39300'], () => codeCache.keep())
 */
export async function runCommand(args: string[], ready: () => void = () => undefined): Promise<number> {
  const [first, ...rest] = args
  if (first === '--version' || first === '-v') return printVersion()
  if (first === 'fixtures' && rest[0] === 'import')
    return (await import('./fixtures-import-command.js')).runFixturesImportCommand(rest.slice(1))
  if (first === 'fixtures') return (await import('./fixtures-command.js')).runFixturesCommand(rest)
  if (first === 'record') return (await import('./record-command.js')).runRecordCommand(rest)
  if (first === 'drift') return (await import('./drift-command.js')).runDriftCommand(rest)
  return (await import('./serve-command.js')).runServeCommand(args, process, ready)
}

/** Prints the package's version, as `conversation-asset-mock --version` asks. */
function printVersion(): number {
  const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }
  process.stdout.write(`${version}\n`)
  return 0
}
