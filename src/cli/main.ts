#!/usr/bin/env node
import { runFixturesCommand } from './fixtures-command.js'
import { runServeCommand } from './serve-command.js'

const [first, ...rest] = process.argv.slice(2)
process.exitCode = first === 'fixtures' ? await runFixturesCommand(rest) : await runServeCommand(process.argv.slice(2))
