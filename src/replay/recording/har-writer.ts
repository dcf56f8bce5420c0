import { closeSync, openSync, writeSync } from 'node:fs'
import type { HarCreator, HarEntry } from '../har/har-types.js'

/** A HAR file being written: entries are appended as they come, and the file is closed by `close()`. */
export interface HarWriter {
  /** Appends one entry to the file at once (a synchronous write: a killed recorder keeps every entry added). */
  add(entry: HarEntry): void
  /** How many entries were added. */
  readonly count: number
  /** Writes the closing brackets and closes the file; later calls do nothing. */
  close(): void
}

/**
 * Opens `file` (replacing it) and writes a HAR 1.2 log into it as it goes:
 * the opening line, then one entry per line, and the closing brackets on
 * `close()`. A file whose recorder was killed lacks only its closing
 * brackets (and maybe part of its last line); `readHar` reads every
 * complete entry of it and says what it dropped.
 *
 * @example
 * const har = createHarWriter('session.har', { name: 'conversation-asset-mock', version: '0.2.0' })
 * har.add(entry)
 * har.close()
 */
export function createHarWriter(file: string, creator: HarCreator): HarWriter {
  const descriptor = openSync(file, 'w')
  writeSync(descriptor, `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"pages":[],"entries":[`)
  let count = 0
  let closed = false
  return {
    add(entry) {
      if (closed) return
      writeSync(descriptor, `${count === 0 ? '' : ','}\n${JSON.stringify(entry)}`)
      count += 1
    },
    get count() {
      return count
    },
    close() {
      if (closed) return
      closed = true
      writeSync(descriptor, '\n]}}\n')
      closeSync(descriptor)
    },
  }
}
