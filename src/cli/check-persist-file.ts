import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

/** Whether the `--persist` file already holds a state, or why it cannot be used. */
export type PersistFileCheck = { readonly exists: boolean } | { readonly problem: string }

/**
 * Checks the `--persist` path before the server listens: a file that exists,
 * or one that can be created in a directory that exists and can be written.
 * A problem is one line naming the option and the path.
 *
 * @example
 * await checkPersistFile('missing/state.json') // { problem: '--persist "…/missing/state.json": its directory … does not exist…' }
 */
export async function checkPersistFile(file: string): Promise<PersistFileCheck> {
  const path = resolve(file)
  const info = await stat(path).catch((error: unknown) => errnoOf(error))
  if (typeof info !== 'string') {
    if (info.isDirectory()) {
      return {
        problem: `--persist "${path}" is a directory, not a file. Pass the path of a file in it, such as "${join(path, 'state.json')}"`,
      }
    }
    return { exists: true }
  }
  if (info !== 'ENOENT') return { problem: `--persist "${path}" cannot be read (${info})` }
  const directory = dirname(path)
  const parent = await stat(directory).catch((error: unknown) => errnoOf(error))
  if (typeof parent === 'string') {
    return {
      problem: `--persist "${path}": its directory "${directory}" does not exist. Create it first (mkdir -p "${directory}") or pass a file in a directory that exists`,
    }
  }
  if (!parent.isDirectory()) return { problem: `--persist "${path}": "${directory}" is not a directory` }
  const writable = await access(directory, constants.W_OK).then(
    () => true,
    () => false,
  )
  if (!writable) return { problem: `--persist "${path}": the directory "${directory}" cannot be written to` }
  return { exists: false }
}

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error)
}
