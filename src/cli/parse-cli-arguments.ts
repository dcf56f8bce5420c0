import { parseArgs } from 'node:util'

/** The options a command takes, as `util.parseArgs` reads them. */
export type CliOptionSpecs = Record<string, { readonly type: 'string' | 'boolean' }>

/** Parsed option values, or what is wrong with the arguments in one line. */
export type CliArguments =
  { readonly values: Record<string, string | boolean | undefined> } | { readonly problem: string }

/** Longest name the "did you mean" search compares, so a huge argument costs a bounded search. */
const MAX_SUGGESTED_NAME_LENGTH = 40

/**
 * Parses a command's arguments with `util.parseArgs`, turning its errors into
 * one line a user can act on: an unknown option gets "did you mean --x?", a
 * missing value says which option needs one and what it takes (from
 * `valueHints`), a value that starts with
 * "-" (`--seed -1`) is taken as the value, for the command to check, and
 * `-h` is `--help` wherever the command takes `--help`.
 *
 * @example
 * parseCliArguments(['--prot', '80'], { port: { type: 'string' } }) // { problem: 'unknown option "--prot"; did you mean --port?' }
 */
export function parseCliArguments(
  argv: readonly string[],
  specs: CliOptionSpecs,
  valueHints: Readonly<Record<string, string>> = {},
): CliArguments {
  try {
    return { values: parseArgs({ args: joinDashValues(argv, specs), options: specs, strict: true }).values }
  } catch (error) {
    return { problem: describeProblem(error, argv, specs, valueHints) }
  }
}

/** `--name -1` as `--name=-1`, so a value starting with "-" reaches the command's own check; `-h` as `--help`. */
function joinDashValues(argv: readonly string[], specs: CliOptionSpecs): string[] {
  const joined: string[] = []
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] === '-h' && specs.help?.type === 'boolean' ? '--help' : argv[index]!
    const next = argv[index + 1]
    const name = argument.startsWith('--') ? argument.slice(2) : undefined
    if (name !== undefined && specs[name]?.type === 'string' && next !== undefined && /^-[\d.]/.test(next)) {
      joined.push(`${argument}=${next}`)
      index++
    } else {
      joined.push(argument)
    }
  }
  return joined
}

function describeProblem(
  error: unknown,
  argv: readonly string[],
  specs: CliOptionSpecs,
  valueHints: Readonly<Record<string, string>>,
): string {
  const code = (error as { code?: string } | undefined)?.code
  const message = error instanceof Error ? error.message : String(error)
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /option '([^']*)'/i.exec(message)?.[1] ?? ''
    const suggestion = closestName(option.replace(/^-+/, '').split('=')[0]!, Object.keys(specs))
    return `unknown option "${option}"${suggestion === undefined ? '' : `; did you mean --${suggestion}?`}`
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const positional = /argument '([^']*)'/i.exec(message)?.[1] ?? argv.find((argument) => !argument.startsWith('-'))
    return `unexpected argument "${positional ?? ''}": every value follows its option, as in --port 39300`
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = /'--([\w-]+)/.exec(message)?.[1]
    if (name !== undefined && specs[name]?.type === 'boolean') return `--${name} takes no value`
    if (name !== undefined) return `--${name} needs a value${name in valueHints ? `: ${valueHints[name]}` : ''}`
  }
  return message.replace(/\s+/g, ' ').trim().replace(/\.$/, '')
}

/**
 * The known name closest to `name` by edit distance, when it is close enough
 * to be a typo (a known name it begins, or at most a third of its letters
 * differ). Names longer than
 * {@link MAX_SUGGESTED_NAME_LENGTH} get no suggestion.
 */
function closestName(name: string, known: readonly string[]): string | undefined {
  if (name.length === 0 || name.length > MAX_SUGGESTED_NAME_LENGTH) return undefined
  const extended = known.find((candidate) => name.length >= 3 && candidate.startsWith(name))
  if (extended !== undefined) return extended
  let best: { name: string; distance: number } | undefined
  for (const candidate of known) {
    const distance = editDistance(name, candidate)
    if (best === undefined || distance < best.distance) best = { name: candidate, distance }
  }
  return best !== undefined && best.distance <= Math.max(1, Math.floor(name.length / 3)) ? best.name : undefined
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`, in O(a × b) time and O(b) memory. */
function editDistance(a: string, b: string): number {
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, before[j - 2]! + 1)
      current.push(distance)
    }
    before = previous
    previous = current
  }
  return previous[b.length]!
}
