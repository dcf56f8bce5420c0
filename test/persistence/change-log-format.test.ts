import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { decodeLog, encodeLogFrame, type LoggedChange } from '../../src/persistence/change-log-format.js'
import { parsePersistedState, serializeState } from '../../src/persistence/persisted-state.js'
import { createMockService } from '../../src/core/create-mock-service.js'

const tag = (id: string, text: string) =>
  ({ id, text, created: '2024-05-01T12:00:00.000Z', updated: '2024-05-01T12:00:00.000Z' }) as never
const frames = [
  encodeLogFrame(1, [['tag', 't1', tag('t1', 'react')]]),
  encodeLogFrame(2, [['tag', 't2', tag('t2', 'vue')]]),
  encodeLogFrame(5, [['tag', 't1', null] as LoggedChange]),
]
const log = Buffer.concat(frames)

describe('the persistence log format', () => {
  it('reads back every frame it wrote, in order', () => {
    const decoded = decodeLog(log)
    expect(decoded.frames.map((frame) => frame.seq)).toEqual([1, 2, 5])
    expect(decoded.frames[2]!.changes).toEqual([['tag', 't1', null]])
    expect(decoded.validBytes).toBe(log.length)
    expect(decoded.tail).toBeUndefined()
  })

  it('drops a torn last frame, wherever the write was cut', () => {
    const whole = frames[0]!.length + frames[1]!.length
    for (let cut = whole + 1; cut < log.length; cut++) {
      const decoded = decodeLog(log.subarray(0, cut))
      expect(decoded.frames.map((frame) => frame.seq)).toEqual([1, 2])
      expect(decoded.validBytes).toBe(whole)
      expect(decoded.tail).toMatch(/cut short/)
    }
  })

  it('ends a log at the zeros its segment was grown by ahead of its frames, with nothing dropped', () => {
    const decoded = decodeLog(Buffer.concat([log, Buffer.alloc(4096)]))
    expect(decoded.frames.map((frame) => frame.seq)).toEqual([1, 2, 5])
    expect(decoded.validBytes).toBe(log.length)
    expect(decoded.tail).toBeUndefined()
  })

  it('still drops a torn frame written over the zeros ahead of it', () => {
    const zeros = Buffer.alloc(4096)
    frames[1]!.copy(zeros, 0, 0, frames[1]!.length - 3)
    const decoded = decodeLog(Buffer.concat([frames[0]!, zeros]))
    expect(decoded.frames.map((frame) => frame.seq)).toEqual([1])
    expect(decoded.tail).toBe('a frame whose checksum fails')
  })

  it('drops a frame whose checksum fails, and everything after it', () => {
    const damaged = Buffer.from(log)
    // A byte of the second frame's payload changes.
    damaged[frames[0]!.length + 12]! ^= 0x01
    const decoded = decodeLog(damaged)
    expect(decoded.frames.map((frame) => frame.seq)).toEqual([1])
    expect(decoded.validBytes).toBe(frames[0]!.length)
    expect(decoded.tail).toBe('a frame whose checksum fails')
  })

  it('stops at a frame that does not move the sequence forward (a stale one past a rewritten end)', () => {
    const decoded = decodeLog(Buffer.concat([frames[0]!, frames[2]!, frames[1]!]))
    expect(decoded.frames.map((frame) => frame.seq)).toEqual([1, 5])
    expect(decoded.tail).toBe('a frame older than the one before it')
  })

  it('stops at checked bytes that are not a list of changes', () => {
    const payload = Buffer.from('{"seq":9,"changes":"nope"}')
    const header = Buffer.alloc(8)
    header.writeUInt32LE(payload.length, 0)
    header.writeUInt32LE(crc32(payload), 4)
    const decoded = decodeLog(Buffer.concat([frames[0]!, header, payload]))
    expect(decoded.frames).toHaveLength(1)
    expect(decoded.tail).toBe('a frame that is not a list of changes')
  })

  it('replays on load only the frames newer than the state file, and validates the result', async () => {
    const service = createMockService({ fixtures: {} })
    await service.ready
    await service.store.write((tx) => tx.insert('tag', tag('t0', 'svelte')))
    const text = serializeState(service.store.snapshot()).replace('"seq":0', '"seq":1')
    const { snapshot, seq } = parsePersistedState(text, 'state.json', decodeLog(log).frames)
    // Frame 1 is in the state already; frame 2 adds t2, frame 5 deletes t1 (never there: only a tombstone).
    expect(snapshot.records.tag?.map((record) => record.id)).toEqual(['t0', 't2'])
    expect(snapshot.gone.tag).toEqual(['t1'])
    expect(seq).toBe(5)
    service.close()
  })

  it('refuses a log that names a record kind the mock does not have', () => {
    const text = serializeState({ records: {}, gone: {} })
    const foreign = decodeLog(encodeLogFrame(1, [['gadget' as never, 'g1', null]])).frames
    expect(() => parsePersistedState(text, 'state.json', foreign)).toThrow(
      /^Failed to load the persisted state in state\.json: its log names a record kind "gadget"/,
    )
  })
})
