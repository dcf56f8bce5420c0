#!/usr/bin/env node
import module from 'node:module'

// From Node 22.1 on, V8 keeps the compiled code of the chunks below in the system's temporary
// directory, so the next start compiles nothing (Node 20 has no such cache and skips this).
;(module as { enableCompileCache?: () => unknown }).enableCompileCache?.()

// Each command loads only what it runs: serving never loads the fixture generator (faker) or the progress bar.
const [first, ...rest] = process.argv.slice(2)
process.exitCode =
  first === 'fixtures'
    ? await (await import('./fixtures-command.js')).runFixturesCommand(rest)
    : await (await import('./serve-command.js')).runServeCommand(process.argv.slice(2))
