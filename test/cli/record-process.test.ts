import { once } from 'node:events'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'
import { runCli, startCli, stopAll } from './cli-process.js'

let dir: string
let upstream: StandaloneServer
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'record-process-'))
  upstream = await startStandaloneServer({ port: 0 })
})
afterEach(async () => {
  stopAll()
  await upstream.close()
})

describe('conversation-asset-mock record', () => {
  it('proxies to the upstream and closes the HAR on SIGTERM', async () => {
    const har = join(dir, 'session.har')
    const cli = startCli(['record', '--upstream', upstream.url, '--out', har, '--port', '0'])
    const ready = await cli.nextLine((line) => line.startsWith('Recording '))
    const proxy = /through (\S+) into/.exec(ready)![1]!
    const answer = await fetch(`${proxy}/tags`)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toHaveProperty('iterable')
    await cli.nextLine((line) => line === 'GET /tags 200')
    cli.child.kill('SIGTERM')
    const [code] = (await once(cli.child, 'exit')) as [number | null]
    expect(code).toBe(143)
    expect(cli.lines.at(-1)).toBe(`Stopped on SIGTERM: wrote 1 exchanges to ${har}`)
    const log = (JSON.parse(await readFile(har, 'utf8')) as { log: { entries: Array<{ request: { url: string } }> } })
      .log
    expect(log.entries.map((entry) => entry.request.url)).toEqual([`${upstream.url}/tags`])
  })

  it('refuses a missing --upstream in one line with exit code 2', async () => {
    const { code, stderr } = await runCli(['record', '--out', join(dir, 'x.har')])
    expect(code).toBe(2)
    expect(stderr).toBe(
      'Failed to start recording: --upstream takes the URL of the service, e.g. http://localhost:39300, got "". Run "conversation-asset-mock record --help" for the options.\n',
    )
  })
})
