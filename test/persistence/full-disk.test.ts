import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationNames, createConversation, startPersistingCli } from './persist-cli.js'
import { read } from '../support/read.js'

/** A small file system for the persist file: a tmpfs of `kib` KiB where mounting is allowed, else undefined. */
function mountTmpfs(directory: string, kib: number): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', directory], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

// Names long enough that the disk fills in a few dozen creates.
const PADDING = 'x'.repeat(4000)

// A tmpfs where this machine lets the test mount one (ENOSPC), and `ulimit -f` everywhere (EFBIG).
describe.each(['tmpfs', 'ulimit -f'] as const)('durable --persist on a full disk (%s)', (kind) => {
  let dir: string
  let folder: string
  /** True when the persist file is on a tmpfs; else the server runs under `ulimit -f` (EFBIG). */
  let mounted = false

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-full-disk-'))
    folder = join(dir, 'disk')
    await mkdir(folder)
    mounted = kind === 'tmpfs' && mountTmpfs(folder, 640)
  })
  afterAll(async () => {
    if (mounted) execFileSync('umount', [folder], { stdio: 'ignore' })
    await rm(dir, { recursive: true, force: true })
  })

  it('answers every write either once it is on disk or with a 507 that changed nothing, and keeps the file loadable', async (context) => {
    if (kind === 'tmpfs' && !mounted) context.skip()
    const file = join(folder, 'state.json')
    // Under `ulimit -f` the state file the server writes at start must fit: 600 KiB holds it (about 500 KiB) and a little log.
    const limit = mounted ? undefined : 600
    const server = await startPersistingCli(file, [], limit)
    const acknowledged = new Map<string, string>()
    const refused: string[] = []
    try {
      // Writers go on until the disk has refused 20 creates (near the limit a small batch may still fit between refusals).
      for (let n = 0; refused.length < 20 && n < 2000; n += 4) {
        const results = await Promise.all(
          [0, 1, 2, 3].map(async (w) => {
            const name = `create ${n + w} ${PADDING}`
            return { name, result: await createConversation(server.url, name) }
          }),
        )
        for (const { name, result } of results) {
          expect([200, 507]).toContain(result?.status)
          if (result!.status === 200) {
            acknowledged.set(result!.id!, name)
          } else {
            refused.push(name)
            expect(result!.text).toMatch(
              /^The write could not be saved in .*state\.json \((ENOSPC|EFBIG)\b.*\), so it was not applied\. (Free space on the disk of|Raise the file-size limit)/,
            )
          }
        }
      }
      expect(acknowledged.size).toBeGreaterThan(0)
      expect(refused.length).toBeGreaterThanOrEqual(20)
      // A refused write is not applied: the running server does not hold it.
      const held = new Set((await conversationNames(server.url)).values())
      expect(refused.filter((name) => held.has(name))).toEqual([])
      if (mounted) {
        // On the full tmpfs a reset cannot be saved either (under `ulimit -f` its smaller state fits):
        // it is refused, and the saved records stay.
        const reset = await fetch(`${server.url}/__mock/reset`, { method: 'POST' }).then(read)
        expect(reset.status).toBe(507)
        const kept = await conversationNames(server.url)
        expect([...acknowledged].filter(([id, name]) => kept.get(id) !== name)).toEqual([])
      }
      // Said once on stderr, however many writes were refused.
      expect(server.stderr.filter((line) => line.includes('Failed to save writes in'))).toHaveLength(1)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
    // Restarted (with room, under ulimit; on the same full tmpfs otherwise): every acknowledged write is there, no refused one.
    const again = await startPersistingCli(file)
    try {
      const names = await conversationNames(again.url)
      expect([...acknowledged].filter(([id, name]) => names.get(id) !== name)).toEqual([])
      const held = new Set(names.values())
      expect(refused.filter((name) => held.has(name))).toEqual([])
    } finally {
      again.child.kill('SIGTERM')
      await again.exited
    }
    expect((await readdir(folder)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  }, 60_000)
})
