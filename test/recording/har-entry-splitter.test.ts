import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { HarEntrySplitter } from '../../src/replay/har/har-entry-splitter.js'

const devtools = new URL('../fixtures/devtools-session.har', import.meta.url)

/** The entries a splitter gives for `bytes` pushed in chunks of `size`, and how the file ended. */
function split(bytes: Buffer, size: number, maxValueBytes = 1024 * 1024) {
  const entries: unknown[] = []
  const splitter = new HarEntrySplitter(
    (entry) => entries.push(JSON.parse(entry.bytes.toString('utf8'))),
    maxValueBytes,
  )
  for (let at = 0; at < bytes.length; at += size) splitter.push(bytes.subarray(at, at + size))
  return { entries, ending: splitter.end(), found: splitter.found }
}

describe('splitting a HAR into its entries', () => {
  it('gives the same entries whatever the size of the chunks it is read in', async () => {
    const text = await readFile(devtools)
    const whole = (JSON.parse(text.toString('utf8')) as { log: { entries: unknown[] } }).log.entries
    for (const size of [1, 7, 4096, text.length])
      expect(split(text, size)).toMatchObject({ entries: whole, ending: 'whole' })
  })

  it('reads entries that are scalars, texts with escaped quotes and brackets, and fields around the list', () => {
    const har = Buffer.from(
      ' {"x":[1,{"a":"]}"}],"log":{"version":"1.2","entries":[ 1 , "a\\"]}" ,{"b":[{}]},null,true],"pages":[]} ,"y":2.5}\n',
    )
    for (const size of [1, 3, har.length])
      expect(split(har, size)).toEqual({
        entries: [1, 'a"]}', { b: [{}] }, null, true],
        ending: 'whole',
        found: { log: true, entries: true },
      })
  })

  it('says where a file stopped inside its entries, and refuses one that stopped elsewhere or goes on', () => {
    expect(split(Buffer.from('{"log":{"entries":[{"a":1},{"b":'), 5).ending).toBe('inside')
    expect(split(Buffer.from('{"log":{"entries":[{"a":1},'), 5).ending).toBe('between')
    expect(() => split(Buffer.from('{"log":{"version":"1.'), 5)).toThrow('it ends at byte 21, before its "log" closes')
    expect(() => split(Buffer.from('{"log":{"entries":[]}}}'), 5)).toThrow(
      'found "}" at byte 22 where nothing (the HAR has ended) goes',
    )
    expect(() => split(Buffer.from('{"log":{"entries":[] "x"}}'), 5)).toThrow(
      'found "\\"" at byte 21 where "," or "}" in "log" goes',
    )
  })

  it('refuses an entry larger than it reads, naming it, before holding more of it', () => {
    const har = Buffer.from(`{"log":{"entries":[{"a":1},{"text":"${'x'.repeat(5000)}"}]}}`)
    expect(() => split(har, 100, 1000)).toThrow(
      'entry 1, from byte 27, is larger than the 1000 bytes read of one entry',
    )
  })
})
