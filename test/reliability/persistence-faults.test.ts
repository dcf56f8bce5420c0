import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { startStandaloneServer } from '../../src/server/index.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { persistToFile, type PersistenceFileSystem } from '../../src/persistence/file/file-persistence.js'
import { read } from '../support/read.js'
import { parseStateFileText } from '../persistence/state-file-text.js'

/** Lines handed to `warn`, and a way to wait for the next one. */
function warnings() {
  const lines: string[] = []
  let waiting: ((line: string) => void) | undefined
  return {
    lines,
    warn: (line: string) => {
      lines.push(line)
      waiting?.(line)
      waiting = undefined
    },
    next: () => new Promise<string>((resolve) => (waiting = resolve)),
  }
}

/** A file system whose writes fail with `failWith`, or wait for `release()`; it records each file it renames into place. */
function fakeFileSystem() {
  const saved: string[] = []
  let gate: Promise<void> | undefined
  let openGate: (() => void) | undefined
  let opened: (() => void) | undefined
  const fs = {
    opens: 0,
    saved,
    failWith: undefined as NodeJS.ErrnoException | undefined,
    stall() {
      gate = new Promise((resolve) => (openGate = resolve))
    },
    /** Resolves when the next write opens its file. */
    nextOpen: () => new Promise<void>((resolve) => (opened = resolve)),
    release() {
      openGate?.()
      gate = undefined
    },
    readFile: () => Promise.reject(Object.assign(new Error('no file'), { code: 'ENOENT' })),
    readdir: async () => [],
    rm: async () => undefined,
    async open() {
      fs.opens++
      opened?.()
      let text = ''
      const stalled = gate
      return {
        write: async (piece: string) => {
          if (stalled) await stalled
          if (fs.failWith) throw fs.failWith
          text += piece
        },
        close: async () => void (pending = text),
      }
    },
    async rename() {
      saved.push(pending)
    },
  } satisfies PersistenceFileSystem & Record<string, unknown>
  let pending = ''
  return fs
}

async function createConversation(service: ReturnType<typeof createMockService>, name: string) {
  const path = '/conversations/create'
  const body = JSON.stringify({ type: 'COPILOT', name })
  const result = await service.answer(service.route('POST', path)!, {
    method: 'POST',
    path,
    query: new URLSearchParams(),
    body,
  })
  expect('status' in result && result.status).toBe(200)
}

const names = (text: string | undefined) =>
  (parseStateFileText(text ?? '{}').records.conversation ?? []).map((c) => c.name)

describe('a relaxed persistence write that fails never takes the mock down', () => {
  let dir: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-persist-faults-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('creates its directory again when it is removed, says so once, keeps serving and saves every change', async () => {
    const folder = join(dir, 'state')
    await mkdir(folder)
    const file = join(folder, 'state.json')
    // A first run writes the file, so the second has no write under way when the directory goes.
    await (await startStandaloneServer({ port: 0, persist: file, durability: 'relaxed' })).close()
    const warned = warnings()
    const server = await startStandaloneServer({ port: 0, persist: file, durability: 'relaxed', warn: warned.warn })
    const create = async (name: string) => {
      const response = await fetch(`${server.url}/conversations/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'COPILOT', name }),
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ name })
    }
    try {
      await rm(folder, { recursive: true })
      const recreated = warned.next()
      await create('while gone 1')
      expect(await recreated).toBe(
        `conversation-asset-mock: the directory of ${file} was removed; it is created again and ${file} written anew.`,
      )
      await create('after 2')
      await create('after 3')
    } finally {
      await server.close()
    }
    expect(warned.lines).toHaveLength(1)
    expect(names(await readFile(file, 'utf8'))).toEqual(expect.arrayContaining(['while gone 1', 'after 2', 'after 3']))
    expect(await readdir(folder)).toEqual(['state.json'])
  })

  it('reports a failed write on the stderr of the CLI, keeps serving and exits 143 on SIGTERM', async () => {
    const folder = join(dir, 'state')
    await mkdir(folder)
    const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
    const child = spawn(
      process.execPath,
      [bin, '--port', '0', '--quiet', '--durability', 'relaxed', '--persist', join(folder, 'state.json')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    try {
      const firstLine = (stream: NodeJS.ReadableStream) =>
        once(createInterface({ input: stream }), 'line').then(([line]) => line as string)
      const ready = await firstLine(child.stdout)
      const url = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(ready)![1]!
      // The save that fails says so; a save that found the directory gone and made it again may say that first.
      const reported = new Promise<string>((resolve) =>
        createInterface({ input: child.stderr }).on('line', (line) => line.includes('Failed to save') && resolve(line)),
      )
      // A file where the directory was: it cannot be created again, so the writes fail. Retried: the
      // server's save may be creating its temporary file, or the directory again, meanwhile.
      await putFileInPlaceOf(folder)
      const create = () =>
        fetch(`${url}/conversations/create`, { method: 'POST', body: '{"type":"COPILOT"}' }).then(read)
      expect((await create()).status).toBe(200)
      expect(await reported).toMatch(/^conversation-asset-mock: Failed to save the state in .*state\.json: /)
      expect((await create()).status).toBe(200)
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit')
      expect(code).toBe(143)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })

  it('removes the temporary files runs that ended mid-write left behind, and nothing else', async () => {
    const file = join(dir, 'state.json')
    // 99999999 is above any pid_max, so no process has it; this process's own id is a leftover too (a container restarted).
    for (const name of [
      'state.json.99999999.tmp',
      `state.json.${process.pid}.tmp`,
      'state.json.bak',
      'other.json.99999999.tmp',
    ]) {
      await writeFile(join(dir, name), 'left over')
    }
    const server = await startStandaloneServer({ port: 0, persist: file })
    await server.close()
    expect((await readdir(dir)).sort()).toEqual(['other.json.99999999.tmp', 'state.json', 'state.json.bak'])
  })

  it('answers requests without waiting for the file, and writes one state at a time, the latest after the one under way', async () => {
    const fs = fakeFileSystem()
    const service = createMockService({ fixtures: {} })
    const persistence = await persistToFile(service, '/nowhere/state.json', {
      durability: 'relaxed',
      fs,
      warn: () => undefined,
    })
    await persistence.flush()
    const initialWrites = fs.opens
    fs.stall()
    const opened = fs.nextOpen()
    await createConversation(service, 'first')
    await opened
    // The write of 'first' is under way and stalled; these answer all the same, and wait for it.
    for (const name of ['second', 'third', 'fourth']) await createConversation(service, name)
    expect(fs.opens).toBe(initialWrites + 1)
    fs.release()
    await persistence.flush()
    expect(fs.opens).toBe(initialWrites + 2)
    expect(names(fs.saved.at(-1))).toEqual(['first', 'second', 'third', 'fourth'])
    await persistence.stop()
    service.close()
  })

  it('reports a full disk once however many writes fail, and writes everything once there is room again', async () => {
    const fs = fakeFileSystem()
    const warned = warnings()
    const service = createMockService({ fixtures: {} })
    fs.failWith = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    const persistence = await persistToFile(service, '/full/state.json', {
      durability: 'relaxed',
      fs,
      warn: warned.warn,
    })
    for (const name of ['a', 'b', 'c']) {
      await createConversation(service, name)
      await persistence.flush()
    }
    expect(fs.opens).toBeGreaterThanOrEqual(3)
    expect(warned.lines).toEqual([
      'conversation-asset-mock: Failed to save the state in /full/state.json: ENOSPC: no space left on device, write. The mock keeps serving; the next change tries again.',
    ])
    fs.failWith = undefined
    await createConversation(service, 'd')
    await persistence.flush()
    expect(names(fs.saved.at(-1))).toEqual(['a', 'b', 'c', 'd'])
    expect(warned.lines.at(-1)).toBe('conversation-asset-mock: the state is saved in /full/state.json again.')
    await persistence.stop()
    service.close()
  })

  it('makes a last attempt at stop when the last write failed', async () => {
    const fs = fakeFileSystem()
    const service = createMockService({ fixtures: {} })
    fs.failWith = Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' })
    const persistence = await persistToFile(service, '/ro/state.json', {
      durability: 'relaxed',
      fs,
      warn: () => undefined,
    })
    await createConversation(service, 'kept')
    await persistence.flush()
    expect(fs.saved).toEqual([])
    fs.failWith = undefined
    await persistence.stop()
    expect(names(fs.saved.at(-1))).toEqual(['kept'])
    service.close()
  })
})

/** Replaces a directory by a file, retrying while a running server's save brings the directory back. */
async function putFileInPlaceOf(folder: string): Promise<void> {
  const file = `${folder}.in-the-way`
  await writeFile(file, 'in the way')
  for (let attempt = 0; ; attempt++) {
    await rm(folder, { recursive: true, force: true, maxRetries: 10 })
    try {
      return await rename(file, folder)
    } catch (error) {
      if (attempt >= 20) throw error
    }
  }
}
