import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runDriftCommand } from '../../src/cli/drift-command.js'
import { runFixturesImportCommand } from '../../src/cli/fixtures-import-command.js'
import { runRecordCommand } from '../../src/cli/record-command.js'
import { readFixtureDirectory } from '../../src/seeding/fixture-directory.js'
import { readHar } from '../../src/replay/har/read-har.js'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'
import { expectNoDrift } from '../../src/vitest/index.js'
import { playSession } from './recorded-session.js'
import { startScriptedUpstream } from './scripted-upstream.js'

let dir: string
let upstream: StandaloneServer
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'record-commands-'))
  upstream = await startStandaloneServer({ port: 0, seed: 7 })
})
afterEach(() => upstream.close())

function io() {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const lines: string[] = []
  const waiting: Array<{ match: RegExp; resolve: (line: string) => void }> = []
  stdout.on('data', (chunk: Buffer) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      lines.push(line)
      for (const waiter of waiting.splice(0)) {
        if (waiter.match.test(line)) waiter.resolve(line)
        else waiting.push(waiter)
      }
    }
  })
  return {
    stdout,
    stderr,
    lines,
    err: () => String(stderr.read() ?? ''),
    line: (match: RegExp) => new Promise<string>((resolve) => waiting.push({ match, resolve })),
  }
}

/** Records a session with the record command, through `target`, until the session ends. */
async function recordWithCommand(target: string): Promise<string> {
  const har = join(dir, 'session.har')
  const streams = io()
  let stop!: (reason: string) => void
  const until = new Promise<string>((resolve) => (stop = resolve))
  const ready = streams.line(/^Recording /)
  const done = runRecordCommand(['--upstream', target, '--out', har, '--port', '0', '--quiet'], streams, until)
  const proxy = /through (\S+) into/.exec(await ready)![1]!
  await playSession(proxy)
  stop('the end of the test')
  expect(await done).toBe(0)
  expect(streams.lines.at(-1)).toMatch(/^Stopped on the end of the test: wrote \d+ exchanges to /)
  return har
}

describe('the record, fixtures import and drift commands', () => {
  it('record writes a HAR that fixtures import turns into a directory --fixtures loads', async () => {
    const har = await recordWithCommand(upstream.url)
    expect(readHar(await readFile(har, 'utf8'), har).entries.length).toBeGreaterThan(15)
    const streams = io()
    const out = join(dir, 'fixtures')
    expect(await runFixturesImportCommand([har, '--out', out], streams)).toBe(0)
    expect(streams.lines[0]).toMatch(/^Imported \d+ conversations, \d+ messages, .* into /)
    const fixtures = await readFixtureDirectory(out)
    const mock = await startStandaloneServer({ port: 0, fixtures })
    try {
      expect(mock.service.store.count('asset')).toBe(upstream.service.store.count('asset'))
    } finally {
      await mock.close()
    }
  })

  it('drift exits 0 on a faithful recording and writes its report as JSON and Markdown', async () => {
    const har = await recordWithCommand(upstream.url)
    const streams = io()
    const json = join(dir, 'drift.json')
    const markdown = join(dir, 'drift.md')
    expect(await runDriftCommand([har, '--json', json, '--markdown', markdown], streams)).toBe(0)
    expect(streams.lines[0]).toMatch(/^No differences in \d+ exchanges replayed from /)
    expect(JSON.parse(await readFile(json, 'utf8'))).toMatchObject({ differences: [], allowed: [] })
    expect(await readFile(markdown, 'utf8')).toMatch(/^# Drift report: .*\n\nNo differences in /)
    await expect(expectNoDrift(har)).resolves.toMatchObject({ differences: [] })
  })

  it('drift exits 1 on differences, grouped by operation, and 0 once the allow-list accepts them', async () => {
    const scripted = await startScriptedUpstream(upstream.url)
    const har = await recordWithCommand(scripted.url).finally(() => scripted.close())
    const streams = io()
    const markdown = join(dir, 'drift.md')
    expect(await runDriftCommand([har, '--markdown', markdown], streams)).toBe(1)
    expect(streams.lines[0]).toMatch(/^5 differences in \d+ exchanges/)
    const report = await readFile(markdown, 'utf8')
    expect(report).toContain('## websitesSnapshot (1)')
    expect(report).toContain('| GET /websites | status | (status) | 500 | 200 |')
    await expect(expectNoDrift(har)).rejects.toThrow(/^The mock drifts from the recording .*\n5 differences/)

    const allow = join(dir, 'drift-allow.json')
    await writeFile(
      allow,
      JSON.stringify([
        { operation: 'websitesSnapshot', kind: 'status', reason: 'this build answers 500 on purpose' },
        { operation: 'assetsSnapshot', field: 'iterable[*].mechanism' },
        { operation: 'conversationsSnapshot', kind: 'order' },
        { operation: '/conversations/stream/identifiers', kind: 'frames' },
      ]),
    )
    const allowed = io()
    expect(await runDriftCommand([har, '--allow', allow], allowed)).toBe(0)
    expect(allowed.lines[0]).toMatch(/^No differences in \d+ exchanges .*\(5 more allowed by the allow-list\)\.$/)
  })

  it('drift exits 2 with one line for a missing file or a bad allow-list', async () => {
    const missing = io()
    expect(await runDriftCommand([join(dir, 'nothing.har')], missing)).toBe(2)
    expect(missing.err()).toMatch(/^Failed to check drift: ENOENT.*\.\n$/)
    const allow = join(dir, 'allow.json')
    await writeFile(allow, '[{ "operation": 42 }]')
    const bad = io()
    expect(await runDriftCommand([join(dir, 'nothing.har'), '--allow', allow], bad)).toBe(2)
    expect(bad.err()).toBe(
      `Failed to read the allow-list "${allow}": rule 0 field "operation" must be text. Give each rule an operation, kind or field as text.\n`,
    )
  })
})
