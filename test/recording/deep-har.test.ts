import { readFile } from 'node:fs/promises'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { runDriftCommand } from '../../src/cli/drift-command.js'
import { runFixturesImportCommand } from '../../src/cli/fixtures-import-command.js'
import { checkDrift } from '../../src/replay/drift/check-drift.js'
import { harText } from '../../src/replay/har/har-source.js'

const devtools = new URL('../fixtures/devtools-session.har', import.meta.url)
const DEEP = 200_000

type Entry = Record<string, Record<string, unknown>> & { response: { content: Record<string, unknown> } }

/** The developer-tools sample with `change` made to its entry 4 (GET /tags). */
async function sampleWith(change: (entry: Entry) => void): Promise<string> {
  const har = JSON.parse(await readFile(devtools, 'utf8')) as { log: { entries: Entry[] } }
  change(har.log.entries[4]!)
  return JSON.stringify(har)
}

/** JSON nested `depth` levels deep, as text (built without recursion). */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
}

function io() {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  return { stdout, stderr, err: () => String(stderr.read() ?? '') }
}

describe('a HAR nested too deep, or with values of the wrong kind', () => {
  it('refuses an answer nested deeper than 256 levels, naming the entry, its request and the field', async () => {
    const text = await sampleWith((entry) => {
      entry.response.content = { mimeType: 'application/json', text: `{"iterable":[${nested(DEEP)}]}` }
    })
    await expect(checkDrift(harText(text, 'deep.har'))).rejects.toThrow(
      'Failed to read the HAR "deep.har" at entry 4 (GET /tags), field "response.content.text": holds JSON nested more than 256 levels deep, more than is read.',
    )
  })

  it('reads an answer nested 200 levels deep and compares it without overflowing', async () => {
    const text = await sampleWith((entry) => {
      entry.response.content = { mimeType: 'application/json', text: `{"iterable":[],"x":${nested(200)}}` }
    })
    const report = await checkDrift(harText(text, 'deep.har'))
    expect(report.differences).toContainEqual(
      expect.objectContaining({ entry: 4, kind: 'missing', field: 'x', recorded: expect.stringMatching(/^\{"a":/) }),
    )
  })

  it('names a field holding a deeply nested value where text goes, without writing it out', async () => {
    const text = (
      await sampleWith((entry) => {
        entry.startedDateTime = 'DEEP' as unknown as Record<string, unknown>
      })
    ).replace('"DEEP"', `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`)
    await expect(checkDrift(harText(text, 'odd.har'))).rejects.toThrow(
      'Failed to read the HAR "odd.har" at entry 4 (GET /tags), field "startedDateTime": must be a date and time such as 2024-05-01T12:00:00.000Z, got a list of 1.',
    )
  })

  it('names an entry that is not JSON, and a stream message that is not an object', async () => {
    const broken = '{"log":{"entries":[{"startedDateTime":"2025-03-14T10:15:00.000Z",}]}}'
    await expect(checkDrift(harText(broken, 'broken.har'))).rejects.toThrow(
      /^Failed to read the HAR "broken\.har" at entry 0: is not JSON \(.+\)\. Record it again/,
    )
    const text = await sampleWith((entry) => {
      entry._webSocketMessages = [[]] as unknown as Record<string, unknown>
    })
    await expect(checkDrift(harText(text, 'odd.har'))).rejects.toThrow(
      'at entry 4 (GET /tags), field "_webSocketMessages[0]": must be an object, got a list of 0.',
    )
  })

  it('ends drift with exit code 2 and fixtures import with 1, in one line naming the entry, never a stack', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deep-har-'))
    const file = join(dir, 'deep.har')
    await writeFile(
      file,
      await sampleWith((entry) => {
        entry.response.content = { mimeType: 'application/json', text: nested(DEEP) }
      }),
    )
    const expected = `Failed to read the HAR "${file}" at entry 4 (GET /tags), field "response.content.text": holds JSON nested more than 256 levels deep, more than is read. Record it again, or save it again as HAR 1.2 (JSON) from the browser's developer tools.\n`
    const drift = io()
    expect(await runDriftCommand([file], drift)).toBe(2)
    expect(drift.err()).toBe(expected)
    const fixtures = io()
    expect(await runFixturesImportCommand([file, '--out', join(dir, 'fixtures')], fixtures)).toBe(1)
    expect(fixtures.err()).toBe(expected)
  })
})
