import { watch } from 'node:fs'
import { resolve } from 'node:path'
import { readFixtureDirectory } from '../seeding/fixture-directory.js'
import type { MockService } from '../core/mock-service.js'
import { oneLine } from './serve-options.js'

/** How long the folder must be quiet before it is read: an editor's save is several events. */
const SETTLE_MS = 100

interface Io {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/**
 * Reloads a fixtures directory into the mock whenever one of its files
 * changes (`--watch`): read and validated first, so a bad edit keeps the
 * records served and says on stderr what is wrong; a good one replaces them,
 * and stream clients get fresh first frames. Reloads run one at a time.
 * Returns the function that stops watching.
 *
 * @example
 * const stop = watchFixtures('fixtures/demo', server.service, process)
 */
export function watchFixtures(dir: string, service: Pick<MockService, 'useFixtures' | 'store'>, io: Io): () => void {
  const where = resolve(dir)
  let timer: NodeJS.Timeout | undefined
  let reloading = Promise.resolve()
  const reload = async () => {
    try {
      await service.useFixtures(await readFixtureDirectory(dir))
      const { store } = service
      io.stdout.write(
        `Reloaded --fixtures "${where}": ${store.count('conversation')} conversations, ${store.count('asset')} assets\n`,
      )
    } catch (error) {
      const problem = oneLine(error instanceof Error ? error.message : String(error))
      io.stderr.write(`Kept the records served: ${problem}.\n`)
    }
  }
  const watcher = watch(dir, () => {
    clearTimeout(timer)
    timer = setTimeout(() => (reloading = reloading.then(reload)), SETTLE_MS)
  })
  watcher.on('error', (error) => io.stderr.write(`Stopped watching --fixtures "${where}": ${error.message}\n`))
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}
