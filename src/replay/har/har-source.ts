import { createReadStream } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { HarError } from './har-error.js'

/** A HAR to read: its bytes in order, once or again, and any stretch of them by position. */
export interface HarSource {
  /** The name messages give it (its path). */
  readonly name: string
  /** Its bytes, in chunks, from the start. */
  chunks(): AsyncIterable<Uint8Array>
  /** `length` bytes from `offset` (an entry the reader located). */
  read(offset: number, length: number): Promise<Buffer>
  /** Lets go of the file (a later read opens it again). */
  close(): Promise<void>
}

/** Largest HAR file read, in bytes (256 MiB). */
const MAX_HAR_BYTES = 256 * 1024 * 1024

/** Bytes read from a file at a time. */
const CHUNK_BYTES = 1024 * 1024

/**
 * A HAR file as a {@link HarSource}, read in chunks (never whole); refused
 * before it is read when it is larger than a HAR is read at all (256 MiB).
 *
 * @example
 * const report = await checkDrift(await openHarFile('session.har'))
 */
export async function openHarFile(file: string, maxBytes = MAX_HAR_BYTES): Promise<HarSource> {
  const { size } = await stat(file)
  if (size > maxBytes) {
    throw new HarError({
      file,
      problem: `it is ${size} bytes, more than the ${maxBytes} read; record a shorter session`,
    })
  }
  // Opened on the first read and kept for the next ones: entries are read again one by one, thousands of times.
  let handle: Promise<FileHandle> | undefined
  return {
    name: file,
    chunks: () => createReadStream(file, { highWaterMark: CHUNK_BYTES }),
    async read(offset, length) {
      handle ??= open(file, 'r')
      const bytes = Buffer.alloc(length)
      const { bytesRead } = await (await handle).read(bytes, 0, length, offset)
      return bytes.subarray(0, bytesRead)
    },
    async close() {
      const opened = handle
      handle = undefined
      await (await opened)?.close()
    },
  }
}

/**
 * A HAR held in memory (a text already read) as a {@link HarSource}.
 *
 * @example
 * const { fixtures } = await fixturesFromHar(harText(text, 'session.har'))
 */
export function harText(text: string, name: string): HarSource {
  const bytes = Buffer.from(text, 'utf8')
  return {
    name,
    async *chunks() {
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES)
    },
    read: async (offset, length) => bytes.subarray(offset, offset + length),
    close: async () => {},
  }
}
