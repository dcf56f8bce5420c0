#!/usr/bin/env node
// Each command loads only what it runs: serving never loads the fixture generator (faker) or the progress bar.
const [first, ...rest] = process.argv.slice(2)
process.exitCode =
  first === 'fixtures'
    ? await (await import('./fixtures-command.js')).runFixturesCommand(rest)
    : await (await import('./serve-command.js')).runServeCommand(process.argv.slice(2))
