import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startStandaloneServer } from '../../src/server/start-standalone-server.js'
import { conversationNames, createConversation } from './persist-cli.js'

/** The pid of a process that ran and exited: no process runs with it now. */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await once(child, 'exit')
  return child.pid!
}

/** A lock file as a server of `pid` would have left it. */
function lockText(pid: number, processStarted = 1): string {
  return `${JSON.stringify({ pid, host: hostname(), processStarted, locked: '2020-01-01T00:00:00.000Z' })}\n`
}

describe('one server per --persist file', () => {
  let dir: string
  let file: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-persist-lock-'))
    file = join(dir, 'state.json')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  for (const durability of ['durable', 'relaxed'] as const) {
    it(`refuses a second ${durability} server on the file, naming the first, and keeps every write of the first`, async () => {
      const first = await startStandaloneServer({ port: 0, scenario: 'empty', persist: file, durability })
      const names = new Map<string, string>()
      for (let n = 0; n < 20; n++) {
        const created = await createConversation(first.url, `written ${n}`)
        names.set(created!.id!, `written ${n}`)
      }
      // Relaxed saving may still be writing in the background: its lock alone is held still.
      const watched = durability === 'durable' ? () => readdir(dir) : () => readFile(`${file}.lock`, 'utf8')
      const before = await watched()
      await expect(
        startStandaloneServer({ port: 0, scenario: 'empty', persist: file, durability, warn: () => undefined }),
      ).rejects.toThrow(`another server in this process (process ${process.pid}`)
      expect(await watched()).toEqual(before)
      await first.close()

      const again = await startStandaloneServer({ port: 0, persist: file, durability })
      try {
        const read = await conversationNames(again.url)
        expect([...names].filter(([id, name]) => read.get(id) !== name)).toEqual([])
      } finally {
        await again.close()
      }
    })
  }

  it('removes its lock when it stops', async () => {
    const server = await startStandaloneServer({ port: 0, scenario: 'empty', persist: file })
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() })
    await server.close()
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('takes over a lock whose process is no longer running, and says so once', async () => {
    const gone = await exitedPid()
    await writeFile(`${file}.lock`, lockText(gone))
    const warnings: string[] = []
    const server = await startStandaloneServer({ port: 0, persist: file, warn: (line) => warnings.push(line) })
    try {
      expect(warnings).toEqual([expect.stringContaining(`took over ${file}.lock from process ${gone}`)])
      expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid })
    } finally {
      await server.close()
    }
  })

  it('takes over a lock an earlier process with its own pid left', async () => {
    await writeFile(`${file}.lock`, lockText(process.pid))
    const warnings: string[] = []
    const server = await startStandaloneServer({ port: 0, persist: file, warn: (line) => warnings.push(line) })
    await server.close()
    expect(warnings).toEqual([expect.stringContaining(`from process ${process.pid}, which is no longer running`)])
  })

  it('refuses a file a running process of another server holds, naming its pid', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    try {
      await writeFile(`${file}.lock`, lockText(other.pid!))
      await expect(startStandaloneServer({ port: 0, persist: file })).rejects.toThrow(
        new RegExp(`^Failed to start with --persist ".*": another server \\(process ${other.pid},`),
      )
      expect(await readdir(dir)).toEqual(['state.json.lock'])
    } finally {
      other.kill('SIGKILL')
      await once(other, 'exit')
    }
  })
})
