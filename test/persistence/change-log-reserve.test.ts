import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decodeLog, encodeLogFrame } from '../../src/persistence/change-log-format.js'
import { openChangeLog } from '../../src/persistence/file/change-log.js'

const tag = (id: string) =>
  ({ id, text: id, created: '2024-05-01T12:00:00.000Z', updated: '2024-05-01T12:00:00.000Z' }) as never

describe('a durable log segment', () => {
  let dir: string
  let file: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cam-log-reserve-'))
    file = join(dir, 'state.json')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('is grown by zeros ahead of its frames, so appending a frame changes no file size', async () => {
    const log = await openChangeLog(file, 1, [])
    try {
      const before = (await stat(`${file}.log.1`)).size
      expect(before).toBeGreaterThan(0)
      await log.append(encodeLogFrame(1, [['tag', 't1', tag('t1')]]))
      await log.append(encodeLogFrame(2, [['tag', 't2', tag('t2')]]))
      expect((await stat(`${file}.log.1`)).size).toBe(before)
      expect(log.segmentBytes).toBeLessThan(before)
    } finally {
      await log.close()
    }
  })

  it('grows again once its frames reach the end of the zeros, and reads back every frame', async () => {
    const log = await openChangeLog(file, 1, [])
    const big = 'x'.repeat(300 * 1024)
    try {
      for (let seq = 1; seq <= 5; seq++) await log.append(encodeLogFrame(seq, [['tag', `t${seq}`, tag(big)]]))
    } finally {
      await log.close()
    }
    const decoded = decodeLog(await readFile(`${file}.log.1`))
    expect(decoded.frames.map((frame) => frame.seq)).toEqual([1, 2, 3, 4, 5])
    expect(decoded.tail).toBeUndefined()
  })
})
