#!/usr/bin/env node
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { runCommand } from './commands.js'
import { installCodeCache } from './install-code-cache.js'
import { watchStdout } from './watch-stdout.js'

// The commands are CommonJS chunks beside this file, each start running V8's code for them kept by the last
// one instead of compiling them again (decisions/0034-cli-code-cache.md); Node keeps no such code of ES modules
// before Node 22, and keeps only what it compiles up front.
const codeCache = installCodeCache(dirname(fileURLToPath(import.meta.url)))
const commands = createRequire(import.meta.url)('./commands.cjs') as { runCommand: typeof runCommand }

const output = watchStdout()
process.exitCode = output.exitCode(await commands.runCommand(process.argv.slice(2), codeCache.keep))
