import { copyFile } from 'node:fs/promises'

/** The most skipped parts said one by one; the rest are counted. */
const MAX_SAID = 20

/**
 * Says what of a damaged state file could not be loaded (a line each, the
 * first 20, then how many more) and keeps the file as it was in
 * `FILE.damaged`, so the records it skipped can still be recovered by hand
 * after the file is written anew with the records that could be read.
 *
 * @example
 * await reportSkipped('/data/state.json', disk.skipped, (line) => console.error(line))
 */
export async function reportSkipped(
  file: string,
  skipped: readonly string[],
  warn: (line: string) => void,
): Promise<void> {
  if (skipped.length === 0) return
  const kept = `${file}.damaged`
  const copied = await copyFile(file, kept).then(
    () => `it is kept as it was in ${kept}`,
    (error: Error) => `it could not be kept in ${kept} (${error.message})`,
  )
  warn(
    `conversation-asset-mock: ${file} is damaged: every record that could be read is loaded, ${skipped.length} part(s) of it are skipped; ${copied}.`,
  )
  for (const line of skipped.slice(0, MAX_SAID)) warn(`conversation-asset-mock: skipped ${line}.`)
  if (skipped.length > MAX_SAID) warn(`conversation-asset-mock: and ${skipped.length - MAX_SAID} more skipped.`)
}
