#!/usr/bin/env node
import module, { createRequire } from 'node:module'
import { watchStdout } from './watch-stdout.js'

// From Node 22.1 on, V8 keeps the compiled code of the chunks below in the system's temporary
// directory, so the next start compiles nothing (Node 20 has no such cache and skips this).
const compileCache = module as { enableCompileCache?: () => unknown; flushCompileCache?: () => void }
compileCache.enableCompileCache?.()

/**
 * The command's module once loaded, its compiled code written to the cache at once (Node 22.10 on): Node
 * writes it only as the process exits, and a server stopped by SIGKILL (as test runners and CI often stop
 * one) never would, so each of its starts compiled everything again.
 */
async function loaded<T>(command: Promise<T>): Promise<T> {
  const value = await command
  compileCache.flushCompileCache?.()
  return value
}

/** Runs the command the arguments name; each command loads only what it runs (serving never loads the fixture generator). */
async function runCommand(args: string[]): Promise<number> {
  const [first, ...rest] = args
  if (first === '--version' || first === '-v') return printVersion()
  if (first === 'fixtures' && rest[0] === 'import')
    return (await loaded(import('./fixtures-import-command.js'))).runFixturesImportCommand(rest.slice(1))
  if (first === 'fixtures') return (await loaded(import('./fixtures-command.js'))).runFixturesCommand(rest)
  if (first === 'record') return (await loaded(import('./record-command.js'))).runRecordCommand(rest)
  if (first === 'drift') return (await loaded(import('./drift-command.js'))).runDriftCommand(rest)
  return (await loaded(import('./serve-command.js'))).runServeCommand(args)
}

/** Prints the package's version, as `conversation-asset-mock --version` asks. */
function printVersion(): number {
  const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }
  process.stdout.write(`${version}\n`)
  return 0
}

const output = watchStdout()
process.exitCode = output.exitCode(await runCommand(process.argv.slice(2)))
