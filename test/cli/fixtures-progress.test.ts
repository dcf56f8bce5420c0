import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runFixturesCommand } from '../../src/cli/fixtures-command.js'

/** A stream that keeps what is written to it, a terminal or not. */
function memoryStream(isTTY: boolean): { stream: Writable; text: () => string } {
  const chunks: string[] = []
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(String(chunk))
        callback()
      },
    }),
    { isTTY },
  )
  return { stream, text: () => chunks.join('') }
}

const LARGE = ['--seed', '3', '--assets', '5001', '--conversations', '0']

describe('the fixtures command on a large set', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fixtures-progress-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('counts the records generated on one terminal line, rewritten in place and cleared at the end', async () => {
    const stdout = memoryStream(true)
    const stderr = memoryStream(true)
    const code = await runFixturesCommand([...LARGE, '--out', dir], { stdout: stdout.stream, stderr: stderr.stream })
    expect(code).toBe(0)
    expect(stderr.text()).toContain('\rGenerating fixtures: 1000/5001 assets and conversations (19%)')
    expect(stderr.text()).toContain('\rGenerating fixtures: 5001/5001 assets and conversations (100%)')
    expect(stderr.text()).not.toContain('\n')
    expect(stderr.text().endsWith('\r\x1b[2K')).toBe(true)
    expect(stdout.text()).toMatch(/^Wrote .*5001 assets.*\n$/)
  })

  it('writes nothing to a standard error that is not a terminal', async () => {
    const stderr = memoryStream(false)
    const code = await runFixturesCommand([...LARGE, '--out', dir], {
      stdout: memoryStream(false).stream,
      stderr: stderr.stream,
    })
    expect(code).toBe(0)
    expect(stderr.text()).toBe('')
  })
})
