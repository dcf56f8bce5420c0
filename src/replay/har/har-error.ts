/** Where a HAR goes wrong: the file, the entry (by position, with its request) and the field, when known. */
export interface HarProblem {
  readonly file: string
  readonly entry?: number
  /** The entry's request as `METHOD path`, when it can be read. */
  readonly request?: string
  readonly field?: string
  readonly problem: string
}

/**
 * A HAR that cannot be read, saying the file, the entry (and its request)
 * and the field.
 *
 * @example
 * throw new HarError({ file: 'session.har', entry: 3, request: 'GET /assets', field: 'request.url', problem: 'is not a URL' })
 */
export class HarError extends Error {
  readonly file: string
  readonly entry: number | undefined
  readonly field: string | undefined

  constructor({ file, entry, request, field, problem }: HarProblem) {
    const where = [
      entry === undefined ? undefined : `entry ${entry}${request === undefined ? '' : ` (${request})`}`,
      field === undefined ? undefined : `field "${field}"`,
    ]
      .filter(Boolean)
      .join(', ')
    super(
      `Failed to read the HAR "${file}"${where ? ` at ${where}` : ''}: ${problem}. Record it again, or save it again as HAR 1.2 (JSON) from the browser's developer tools.`,
    )
    this.name = 'HarError'
    this.file = file
    this.entry = entry
    this.field = field
  }
}
