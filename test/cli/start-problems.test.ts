import { mkdtemp, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMockService, generateFixtures } from '../../src/index.js'
import { serializeState } from '../../src/persistence/persisted-state.js'
import { writeFixtureDirectory } from '../../src/seeding/fixture-directory.js'
import { runCli, startCli, stopAll, urlOf } from './cli-process.js'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-problems-'))
})
afterEach(stopAll)

/** Stderr as lines, with the checks every start-up failure shares: one line, no stack trace. */
function oneLineFailure(stderr: string): string {
  const lines = stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(stderr).not.toMatch(/\n\s+at /)
  return lines[0]!
}

describe('the CLI refusing what it cannot serve, before it listens', () => {
  it('refuses a --persist file in a directory that does not exist, in one line naming the option and the directory', async () => {
    const file = join(dir, 'missing', 'state.json')
    const { code, stdout, stderr } = await runCli(['--port', '0', '--persist', file])
    expect(code).toBe(2)
    expect(stdout).not.toContain('ready on')
    const line = oneLineFailure(stderr)
    expect(line).toMatch(/^Failed to start the mock: --persist /)
    expect(line).toContain(`"${join(dir, 'missing')}" does not exist`)
  })

  it('refuses a directory passed as the --persist file, naming the option and the path', async () => {
    const { code, stderr } = await runCli(['--port', '0', '--persist', dir])
    expect(code).toBe(2)
    const line = oneLineFailure(stderr)
    expect(line).toContain(`--persist "${dir}" is a directory`)
    expect(line).not.toContain('EISDIR')
  })

  it('says to use --port when the port is in use', async () => {
    const taken = createServer()
    taken.listen(0, '127.0.0.1')
    await once(taken, 'listening')
    const port = (taken.address() as { port: number }).port
    try {
      const { code, stdout, stderr } = await runCli(['--port', String(port)])
      expect(code).toBe(1)
      expect(stdout).not.toContain('ready on')
      const line = oneLineFailure(stderr)
      expect(line).toContain(`port ${port} on 127.0.0.1 is already in use`)
      expect(line).toContain('--port')
    } finally {
      taken.close()
    }
  })
})

describe('the ready line', () => {
  it('says the records came from the --persist file, and that --fixtures was not used, when the file exists', async () => {
    const fixtures = join(dir, 'fixtures')
    await writeFixtureDirectory(fixtures, generateFixtures({ seed: 3, assets: 2, conversations: 1 }))
    const file = join(dir, 'state.json')
    const saved = createMockService({ generate: { seed: 4, assets: 5, conversations: 3 } })
    await saved.ready
    await writeFile(file, serializeState(saved.snapshot()))
    const cli = startCli(['--port', '0', '--fixtures', fixtures, '--persist', file])
    const ready = await cli.nextLine((line) => line.includes(' ready on '))
    expect(ready).toContain(
      `(3 conversations, 5 assets loaded from --persist "${file}", not from --fixtures "${fixtures}"`,
    )
    expect(ready).toContain('delete it to start from --fixtures')
    expect((await (await fetch(`${urlOf(ready)}/assets/identifiers`)).json()).iterable).toHaveLength(5)
  })

  it('says where the records came from and where they are kept when the --persist file is new', async () => {
    const fixtures = join(dir, 'fixtures')
    await writeFixtureDirectory(fixtures, generateFixtures({ seed: 3, assets: 2, conversations: 1 }))
    const file = join(dir, 'state.json')
    const cli = startCli(['--port', '0', '--fixtures', fixtures, '--persist', file])
    const ready = await cli.nextLine((line) => line.includes(' ready on '))
    expect(ready).toContain(`(1 conversations, 2 assets from --fixtures "${fixtures}", kept in "${file}")`)
  })
})
