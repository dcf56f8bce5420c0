import { once } from 'node:events'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { WebSocket } from 'ws'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCli, stopAll, urlOf } from './cli-process.js'

const FIRST = '0c0c0c0c-0000-4000-8000-000000000001'
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cam-watch-'))
  await cp('fixtures/default', dir, { recursive: true })
})
afterEach(async () => {
  stopAll()
  await rm(dir, { recursive: true, force: true })
})

/** Writes the default conversations into the watched directory, the first one renamed. */
async function renameFirst(name: string): Promise<void> {
  const original = await readFile('fixtures/default/conversations.json', 'utf8')
  const conversations = JSON.parse(original) as { id: string; name: string }[]
  conversations[0]!.name = name
  await writeFile(join(dir, 'conversations.json'), JSON.stringify(conversations, null, 2))
}

const nameOf = async (url: string) =>
  ((await (await fetch(`${url}/conversation/${FIRST}`)).json()) as { name: string }).name

describe('serve --watch', () => {
  it('reloads an edited fixture file, says so, and sends stream clients fresh first frames', async () => {
    const cli = startCli(['--port', '0', '--quiet', '--fixtures', dir, '--watch'])
    const url = urlOf(await cli.nextLine((line) => line.includes(' ready on ')))
    expect(await nameOf(url)).toBe('Debounce a React search input')
    const socket = new WebSocket(`${url.replace('http', 'ws')}/conversations/stream/identifiers`)
    await once(socket, 'message')
    const fresh = once(socket, 'message') as Promise<[Buffer]>

    await renameFirst('Debounced search, edited')
    expect(await cli.nextLine((line) => line.startsWith('Reloaded --fixtures'))).toMatch(
      /^Reloaded --fixtures ".*cam-watch-.*": 8 conversations, 12 assets$/,
    )
    expect(await nameOf(url)).toBe('Debounced search, edited')
    const [frame] = await fresh
    expect((JSON.parse(String(frame)) as { iterable: unknown[] }).iterable).toHaveLength(8)
    socket.close()
  })

  it('keeps the records served when an edit cannot load, saying on stderr which file is wrong', async () => {
    const cli = startCli(['--port', '0', '--quiet', '--fixtures', dir, '--watch'])
    const url = urlOf(await cli.nextLine((line) => line.includes(' ready on ')))
    const problem = new Promise<string>((resolve) =>
      createInterface({ input: cli.child.stderr! }).on('line', (line) => resolve(line)),
    )
    await writeFile(join(dir, 'conversations.json'), '[{"id": ')
    expect(await problem).toMatch(/^Kept the records served: .*conversations\.json/)
    expect(await nameOf(url)).toBe('Debounce a React search input')

    await renameFirst('Fixed again')
    await cli.nextLine((line) => line.startsWith('Reloaded --fixtures'))
    expect(await nameOf(url)).toBe('Fixed again')
  })

  it('is refused without --fixtures, and beside --persist', async () => {
    const { parseServeArguments } = await import('../../src/cli/serve-options.js')
    expect(parseServeArguments(['--watch'])).toEqual({
      problem: '--watch reloads --fixtures DIR; pass --fixtures DIR too',
    })
    expect(parseServeArguments(['--watch', '--fixtures', dir, '--persist', join(dir, 'state.json')])).toEqual({
      problem: '--watch reloads --fixtures while --persist keeps the records in its file; pass one of them',
    })
  })
})
