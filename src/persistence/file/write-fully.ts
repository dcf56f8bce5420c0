import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'

/**
 * Writes every byte of `bytes` at `position`, going on after a short write,
 * and throws when the file takes none (a full disk reports a short write
 * first, ENOSPC or EFBIG next): a write either lands whole or throws.
 *
 * @example
 * await writeFully(handle, Buffer.from(text), 0)
 */
export async function writeFully(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let done = 0
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done)
    if (bytesWritten === 0) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write (the file took no more bytes)'), {
        code: 'ENOSPC',
      })
    }
    done += bytesWritten
  }
}

/**
 * Flushes a directory's entries to disk, so a file created or renamed in it
 * survives a crash. File systems that cannot sync a directory are let be.
 *
 * @example
 * await syncDirectory(dirname(file))
 */
export async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(directory, 'r')
    await handle.sync()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw error
  } finally {
    await handle?.close().catch(() => undefined)
  }
}
