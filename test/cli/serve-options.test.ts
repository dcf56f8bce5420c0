import { read } from '../support/read.js'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { SCENARIOS } from '../../src/seeding/scenarios.js'
import { runCli, startCli, stopAll, urlOf } from './cli-process.js'

afterEach(stopAll)

const ready = (line: string) => line.includes(' ready on ')

describe('the CLI options for the data served', () => {
  it('starts from a scenario with --scenario NAME', async () => {
    const cli = startCli(['--port', '0', '--scenario', 'empty'])
    const line = await cli.nextLine(ready)
    expect(line).toContain('(0 conversations, 0 assets of the empty scenario)')
    const answer = await fetch(`${urlOf(line)}/assets/identifiers`)
    expect((await answer.json()).iterable).toEqual([])
  })

  it('generates the records with --generate seed,assets,conversations', async () => {
    const cli = startCli(['--port', '0', '--generate', '7,3,2'])
    const line = await cli.nextLine(ready)
    expect(line).toContain('(2 conversations, 3 assets generated with seed 7)')
    expect((await (await fetch(`${urlOf(line)}/conversations/identifiers`)).json()).iterable).toHaveLength(2)
  })

  it('keeps only the newest requests in the journal with --journal-limit N', async () => {
    const cli = startCli(['--port', '0', '--journal-limit', '2', '--quiet'])
    const url = urlOf(await cli.nextLine(ready))
    for (const path of ['/assets/identifiers', '/conversations/identifiers', '/.well-known/health']) {
      expect((await fetch(`${url}${path}`).then(read)).status).toBe(200)
    }
    const journal = await (await fetch(`${url}/__mock/journal`)).json()
    expect(journal.requests.map((entry: { path: string }) => entry.path)).toEqual([
      '/conversations/identifiers',
      '/.well-known/health',
    ])
    expect(journal.dropped).toBe(1)
  })

  it.each([
    [['--scenario', 'huge'], `--scenario takes one of ${SCENARIOS.join(', ')}, got "huge"`],
    [['--generate', '1,2'], '--generate takes seed,assets,conversations'],
    [['--generate', '1,2,3', '--fixtures', 'fixtures/default'], '--generate and --fixtures both give the records'],
    [['--journal-limit', 'many'], '--journal-limit takes a whole number'],
  ])('refuses %j in one line with exit code 2', async (args, message) => {
    const { code, stderr } = await runCli(['--port', '0', ...args])
    expect(code).toBe(2)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain(message)
  })
})

describe('the request log', () => {
  it('paces model downloads with --download-pace MS, 400 ms a step without it', async () => {
    const paced = startCli(['--port', '0', '--quiet', '--download-pace', '0'])
    const plain = startCli(['--port', '0', '--quiet'])
    const pace = async (line: string) => (await fetch(`${urlOf(line)}/__mock/downloads`)).json()
    expect(await pace(await paced.nextLine(ready))).toEqual({ paceMs: 0 })
    expect(await pace(await plain.nextLine(ready))).toEqual({ paceMs: 400 })
  })

  it('has a line when a stream client connects and when it closes', async () => {
    const cli = startCli(['--port', '0'])
    const url = urlOf(await cli.nextLine(ready))
    const client = new WebSocket(`${url.replace('http', 'ws')}/conversations/stream/identifiers`)
    await once(client, 'message')
    expect(await cli.nextLine((line) => line.startsWith('WS /conversations/stream/identifiers connected'))).toContain(
      '(1 open)',
    )
    client.close(1000)
    expect(await cli.nextLine((line) => line.startsWith('WS /conversations/stream/identifiers closed'))).toBe(
      'WS /conversations/stream/identifiers closed 1000 (0 open)',
    )
  })

  it('has no stream lines with --quiet', async () => {
    const cli = startCli(['--port', '0', '--quiet'])
    const url = urlOf(await cli.nextLine(ready))
    const client = new WebSocket(`${url.replace('http', 'ws')}/assets/stream/identifiers`)
    await once(client, 'message')
    client.close(1000)
    await once(client, 'close')
    cli.child.kill('SIGTERM')
    const [code] = await once(cli.child, 'exit')
    expect(code).toBe(143)
    expect(cli.lines.filter((line) => !line.startsWith('conversation-asset-mock '))).toEqual([])
  })
})
