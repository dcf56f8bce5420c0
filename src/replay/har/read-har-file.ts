import { readFile, stat } from 'node:fs/promises'
import { HarError } from './har-error.js'

/** Largest HAR file read, in bytes (256 MiB, as many characters as `readHar` reads at most). */
const MAX_HAR_BYTES = 256 * 1024 * 1024

/**
 * A HAR file's text, refused before it is read when it is larger than a
 * HAR is read at all (256 MiB).
 *
 * @example
 * const { entries } = readHar(await readHarFile('session.har'), 'session.har')
 */
export async function readHarFile(file: string, maxBytes = MAX_HAR_BYTES): Promise<string> {
  const { size } = await stat(file)
  if (size > maxBytes) {
    throw new HarError({
      file,
      problem: `it is ${size} bytes, more than the ${maxBytes} read; record a shorter session`,
    })
  }
  return readFile(file, 'utf8')
}
