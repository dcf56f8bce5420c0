#!/usr/bin/env node
import { runDriftCommand } from './drift-command.js'
import { runFixturesCommand } from './fixtures-command.js'
import { runFixturesImportCommand } from './fixtures-import-command.js'
import { runRecordCommand } from './record-command.js'
import { runServeCommand } from './serve-command.js'

const [first, ...rest] = process.argv.slice(2)
process.exitCode =
  first === 'fixtures'
    ? rest[0] === 'import'
      ? await runFixturesImportCommand(rest.slice(1))
      : await runFixturesCommand(rest)
    : first === 'record'
      ? await runRecordCommand(rest)
      : first === 'drift'
        ? await runDriftCommand(rest)
        : await runServeCommand(process.argv.slice(2))
