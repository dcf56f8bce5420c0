import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { runFixturesCommand } from '../../src/cli/fixtures-command.js'
import { parseServeArguments, SERVE_HELP } from '../../src/cli/serve-options.js'

/** The problem the serve command reports for `argv`, or a failed expectation when it has none. */
function problemOf(argv: string[]): string {
  const parsed = parseServeArguments(argv)
  if (!('problem' in parsed)) throw new Error(`Expected ${JSON.stringify(argv)} to be refused`)
  expect(parsed.problem).not.toContain('\n')
  return parsed.problem
}

describe('the serve command arguments', () => {
  it.each([
    [['--prot', '80'], 'unknown option "--prot"; did you mean --port?'],
    [['--sede', '3'], 'unknown option "--sede"; did you mean --seed?'],
    [['--journal', '3'], 'unknown option "--journal"; did you mean --journal-limit?'],
    [['--max-conections=4'], 'unknown option "--max-conections"; did you mean --max-connections?'],
  ])('suggests the closest option for %j', (argv, problem) => {
    expect(problemOf(argv)).toBe(problem)
  })

  it.each(['banana', '12.3', '12.3.0 beta', 'v12.3.0'])(
    'refuses --os-version %j, which is no major.minor.patch version',
    (version) => {
      expect(problemOf(['--os-version', version])).toBe(
        `--os-version takes a version such as 12.3.0 (major.minor.patch, optionally -pre or +build), got "${version}"`,
      )
    },
  )

  it('takes -h for --help, in every command that has --help', async () => {
    expect(parseServeArguments(['-h'])).toEqual({ help: true })
    let written = ''
    const stdout = new Writable({ write: (chunk, _encoding, done) => ((written += String(chunk)), done()) })
    expect(await runFixturesCommand(['-h'], { stdout, stderr: stdout })).toBe(0)
    expect(written).toContain('--out')
  })

  it('offers no suggestion for an option like none of its own, however long', () => {
    expect(problemOf(['--verbose'])).toBe('unknown option "--verbose"')
    const long = `--${'p'.repeat(100_000)}`
    expect(problemOf([long])).toBe(`unknown option "${long}"`)
  })

  it('refuses a negative --seed by saying the range it takes, not that the argument is ambiguous', () => {
    expect(problemOf(['--seed', '-1'])).toBe('--seed takes a whole number from 0 to 9007199254740991, got "-1"')
  })

  it.each([
    [['--port', '70000'], '--port takes a whole number from 0 to 65535, got "70000"'],
    [['--port', '-5'], '--port takes a whole number from 0 to 65535, got "-5"'],
    [['--max-connections', '0'], '--max-connections takes a whole number from 1 to 9007199254740991, got "0"'],
    [['--journal-limit', '1.5'], '--journal-limit takes a whole number from 0 to 9007199254740991, got "1.5"'],
    [
      ['--seed', '99999999999999999999'],
      '--seed takes a whole number from 0 to 9007199254740991, got "99999999999999999999"',
    ],
    [
      ['--shutdown-timeout', 'soon'],
      '--shutdown-timeout takes a whole number of milliseconds from 0 to 9007199254740991, got "soon"',
    ],
    [['--port'], '--port needs a value: a whole number from 0 to 65535'],
    [['--host', ''], '--host needs a value: an address such as 127.0.0.1 or 0.0.0.0'],
    [['--quiet=yes'], '--quiet takes no value'],
    [['39300'], 'unexpected argument "39300": every value follows its option, as in --port 39300'],
  ])('says in one line what %j takes', (argv, problem) => {
    expect(problemOf(argv)).toBe(problem)
  })

  it('takes the download pace in milliseconds with --download-pace, and says the range it takes', () => {
    expect(parseServeArguments(['--download-pace', '0'])).toMatchObject({ options: { downloadPaceMs: 0 } })
    expect(parseServeArguments(['--download-pace', '1000'])).toMatchObject({ options: { downloadPaceMs: 1000 } })
    expect(parseServeArguments([])).not.toMatchObject({ options: { downloadPaceMs: expect.anything() } })
    expect(problemOf(['--download-pace', '60001'])).toBe(
      '--download-pace takes a whole number of milliseconds from 0 to 60000, got "60001"',
    )
    expect(SERVE_HELP).toMatch(
      /--download-pace MS +milliseconds between the 10 % steps of a model download \(default\s+400/,
    )
  })

  it('leaves out the copilot INITIALIZED frame with --omit-initialized-frame, and sends it without', () => {
    expect(parseServeArguments(['--omit-initialized-frame'])).toMatchObject({ options: { omitInitializedFrame: true } })
    expect(parseServeArguments([])).not.toMatchObject({ options: { omitInitializedFrame: expect.anything() } })
    expect(problemOf(['--omit-initialized-frame=yes'])).toBe('--omit-initialized-frame takes no value')
    expect(SERVE_HELP).toContain('--omit-initialized-frame')
  })

  it('takes the stream clients’ own cap with --max-stream-clients, and says the range it takes', () => {
    expect(parseServeArguments(['--max-stream-clients', '16'])).toMatchObject({ options: { maxStreamClients: 16 } })
    expect(parseServeArguments([])).not.toMatchObject({ options: { maxStreamClients: expect.anything() } })
    expect(problemOf(['--max-stream-clients', '0'])).toBe(
      '--max-stream-clients takes a whole number from 1 to 9007199254740991, got "0"',
    )
    expect(SERVE_HELP).toMatch(/--max-stream-clients N\s+most stream \(WebSocket\) clients open at once/)
  })

  it('keeps as many mock sessions as --max-sessions says, and says the range it takes', () => {
    expect(parseServeArguments(['--max-sessions', '1000'])).toMatchObject({ options: { maxSessions: 1000 } })
    expect(parseServeArguments([])).not.toMatchObject({ options: { maxSessions: expect.anything() } })
    expect(problemOf(['--max-sessions', '0'])).toBe('--max-sessions takes a whole number from 1 to 10000, got "0"')
    expect(SERVE_HELP).toMatch(/--max-sessions N\s+most mock sessions/)
  })

  it('still takes every valid value', () => {
    expect(parseServeArguments(['--port', '0', '--seed', '0', '--max-connections', '1'])).toMatchObject({
      options: { port: 0, seed: 0, maxConnections: 1 },
    })
  })
})

describe('the fixtures command arguments', () => {
  it('suggests the closest option and says the range of a bad number, each in one line', async () => {
    const lines: string[] = []
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) })
    expect(await runFixturesCommand(['--asets', '3'], { stdout: sink, stderr: sink })).toBe(2)
    expect(await runFixturesCommand(['--seed', '-3', '--out', 'unused'], { stdout: sink, stderr: sink })).toBe(2)
    expect(lines.join('')).toMatch(
      /unknown option "--asets"; did you mean --assets\?.*\n.*--seed takes a whole number from 0 to 9007199254740991, got "-3"/,
    )
  })
})
