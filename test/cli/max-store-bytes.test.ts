import { afterEach, describe, expect, it } from 'vitest'
import { parseServeArguments } from '../../src/cli/serve-options.js'
import { runCli, stopAll } from './cli-process.js'

afterEach(stopAll)

describe('--max-store-bytes', () => {
  it.each([
    ['1048576', 1_048_576],
    ['512MiB', 512 * 1024 ** 2],
    ['64 MiB', 64 * 1024 ** 2],
    ['1.5GiB', 1.5 * 1024 ** 3],
    ['100MB', 100_000_000],
    ['16kib', 16 * 1024],
  ])('takes %s as %d bytes', (value, bytes) => {
    const parsed = parseServeArguments(['--max-store-bytes', value])
    expect(parsed).toMatchObject({ options: { maxStoreBytes: bytes } })
  })

  it.each(['0', 'lots', '-1', '5XB', '', '99999999999GiB'])('refuses %j in one line saying what it takes', (value) => {
    const parsed = parseServeArguments(['--max-store-bytes', value])
    if (!('problem' in parsed)) throw new Error(`Expected "${value}" to be refused`)
    expect(parsed.problem).toContain('--max-store-bytes')
    expect(parsed.problem).not.toContain('\n')
  })

  it('stops the CLI before it listens when the fixtures hold more than the budget, in one line', async () => {
    const { code, stdout, stderr } = await runCli(['--port', '0', '--max-store-bytes', '1KiB'])
    expect(code).toBe(1)
    expect(stdout).not.toContain('ready on')
    const lines = stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^Failed to start the mock: The records to load hold \d+ bytes, more than fit in the store's 1024-byte budget/,
    )
    expect(lines[0]).toContain('--max-store-bytes')
  })
})

describe('--max-control-bytes', () => {
  it('takes a size with a unit as the control budget of every session', () => {
    expect(parseServeArguments(['--max-control-bytes', '64MiB'])).toMatchObject({
      options: { maxControlBytes: 64 * 1024 ** 2 },
    })
  })

  it.each(['0', 'lots', ''])('refuses %j in one line saying what it takes', (value) => {
    const parsed = parseServeArguments(['--max-control-bytes', value])
    if (!('problem' in parsed)) throw new Error(`Expected "${value}" to be refused`)
    expect(parsed.problem).toContain('--max-control-bytes takes a size above 0')
    expect(parsed.problem).not.toContain('\n')
  })
})
