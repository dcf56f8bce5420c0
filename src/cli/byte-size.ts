/** The bytes of each unit `--max-store-bytes` takes, by its lower-case name. */
const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
}

/**
 * A size written as bytes or with a unit (`512MiB`, `64 MiB`, `1.5GiB`,
 * `100MB`, `1048576`), in whole bytes; undefined when it is not one, or is
 * not above 0.
 *
 * @example
 * parseByteSize('512MiB') // 536870912
 */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim())
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined
  if (!match || unit === undefined) return undefined
  const bytes = Math.floor(Number(match[1]) * unit)
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined
}
