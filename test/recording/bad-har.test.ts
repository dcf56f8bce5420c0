import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { beforeEach, describe, expect, it } from 'vitest'
import { runFixturesImportCommand } from '../../src/cli/fixtures-import-command.js'
import { HarError } from '../../src/replay/har/har-error.js'
import { indexHar } from '../../src/replay/har/har-index.js'
import { harText, openHarFile } from '../../src/replay/har/har-source.js'
import { readHar } from '../../src/replay/har/read-har.js'
import { createHarWriter } from '../../src/replay/recording/har-writer.js'

const devtools = new URL('../fixtures/devtools-session.har', import.meta.url)

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bad-har-'))
})

function io() {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const text = (stream: PassThrough) => String(stream.read() ?? '')
  return { stdout, stderr, out: () => text(stdout), err: () => text(stderr) }
}

/** A HAR the recorder wrote, with each entry of the developer-tools sample appended. */
async function recorderHar(file: string): Promise<string> {
  const sample = JSON.parse(await readFile(devtools, 'utf8')) as { log: { entries: never[] } }
  const har = createHarWriter(file, { name: 'conversation-asset-mock', version: 'test' })
  for (const entry of sample.log.entries) har.add(entry)
  har.close()
  return readFile(file, 'utf8')
}

describe('reading a HAR that is not whole or not of this service', () => {
  it('reads a recording whose recorder was killed up to its last whole entry, and says what it left out', async () => {
    const text = await recorderHar(join(dir, 'session.har'))
    const cut = text.slice(0, text.lastIndexOf('\n]}}') - 40)
    const { entries, notes } = readHar(cut, 'session.har')
    expect(entries).toHaveLength(6)
    expect(notes).toEqual([expect.stringContaining('ends inside entry 6')])
  })

  it('reads a recording that lacks only its closing brackets whole', async () => {
    const text = await recorderHar(join(dir, 'session.har'))
    const { entries, notes } = readHar(text.slice(0, text.lastIndexOf('\n]}}')), 'session.har')
    expect(entries).toHaveLength(7)
    expect(notes).toEqual([expect.stringContaining('no closing brackets')])
  })

  it('refuses another truncated HAR with a message saying it is not complete JSON', async () => {
    const text = await readFile(devtools, 'utf8')
    expect(() => readHar(text.slice(0, 5000), 'devtools.har')).toThrow(
      /^Failed to read the HAR "devtools\.har": it is not complete JSON \(.+\)\. Record it again/,
    )
  })

  it('names the entry and the field of an entry without a status', async () => {
    const har = JSON.parse(await readFile(devtools, 'utf8')) as {
      log: { entries: Array<{ response: { status?: unknown } }> }
    }
    delete har.log.entries[4]!.response.status
    expect(() => readHar(JSON.stringify(har), 'devtools.har')).toThrow(
      'Failed to read the HAR "devtools.har" at entry 4 (GET /tags), field "response.status": must be a number, got nothing.',
    )
  })

  it('names the entry and the field of a WebSocket message of the wrong type', async () => {
    const har = JSON.parse(await readFile(devtools, 'utf8')) as {
      log: { entries: Array<{ _webSocketMessages?: Array<{ type: string }> }> }
    }
    har.log.entries[2]!._webSocketMessages![1]!.type = 'incoming'
    const error = (() => {
      try {
        readHar(JSON.stringify(har), 'devtools.har')
      } catch (caught) {
        return caught as HarError
      }
    })()
    expect(error).toBeInstanceOf(HarError)
    expect({ entry: error?.entry, field: error?.field }).toEqual({ entry: 2, field: '_webSocketMessages[1].type' })
  })

  it('refuses a HAR of another API, naming its first entry', async () => {
    const entry = {
      startedDateTime: '2025-03-14T10:15:00.000Z',
      time: 1,
      request: { method: 'GET', url: 'https://api.example.com/v1/users', headers: [] },
      response: { status: 200, content: { mimeType: 'application/json', text: '[]' } },
    }
    await expect(indexHar(harText(JSON.stringify({ log: { entries: [entry, entry] } }), 'other.har'))).rejects.toThrow(
      'Failed to read the HAR "other.har" at entry 0, field "request.url": none of its 2 entries is a request of the Pieces OS service (the first is GET https://api.example.com/v1/users); is it a HAR of another API?',
    )
  })

  it('refuses a HAR past its limits before reading its entries', async () => {
    const text = await readFile(devtools, 'utf8')
    expect(() => readHar(text, 'huge.har', { maxChars: 1000 })).toThrow(
      `Failed to read the HAR "huge.har": it holds ${text.length} characters, more than the 1000 read; record a shorter session.`,
    )
    const file = join(dir, 'huge.har')
    await writeFile(file, text)
    await expect(openHarFile(file, 1000)).rejects.toThrow(
      `Failed to read the HAR "${file}": it is ${Buffer.byteLength(text)} bytes, more than the 1000 read; record a shorter session.`,
    )
    expect(() => readHar(text, 'huge.har', { maxEntries: 3 })).toThrow(
      'Failed to read the HAR "huge.har" at field "log.entries": holds more than the 3 entries read; record a shorter session.',
    )
  })

  it('writes no fixture directory from a HAR it cannot read, and says why in one line', async () => {
    const file = join(dir, 'broken.har')
    await writeFile(file, '{"log":{"entries":[{"startedDateTime":"yesterday"}]}}')
    const out = join(dir, 'fixtures')
    const streams = io()
    const code = await runFixturesImportCommand([file, '--out', out], streams)
    expect(code).toBe(1)
    const stderr = streams.err()
    expect(stderr.trim().split('\n')).toEqual([
      `Failed to read the HAR "${file}" at entry 0, field "startedDateTime": must be a date and time such as 2024-05-01T12:00:00.000Z, got "yesterday". Record it again, or save it again as HAR 1.2 (JSON) from the browser's developer tools.`,
    ])
    await expect(stat(out)).rejects.toThrow(/ENOENT/)
  })
})
