/**
 * Saves a file in the browser's downloads.
 *
 * @example
 * download(new Blob([text], { type: 'application/json' }), 'journal.har')
 */
export function download(blob: Blob, name: string): void {
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(link.href), 0)
}
