import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkDrift } from '../../src/replay/drift/check-drift.js'
import { fixturesFromHar } from '../../src/replay/har/fixtures-from-har.js'
import { openHarFile } from '../../src/replay/har/har-source.js'
import { startRecorder } from '../../src/replay/recording/start-recorder.js'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'
import { playSession } from './recorded-session.js'

type Json = Record<string, unknown>

/**
 * A HAR in the layout Firefox's Network panel saves ("Save All As HAR"):
 * `creator` Firefox, a page and each entry's `pageref`, start times with the
 * machine's offset (`+01:00`), the timings it did not measure as -1, no
 * `_resourceType`, and a WebSocket as its 101 upgrade without its messages.
 */
function inFirefoxLayout(text: string): string {
  const har = JSON.parse(text) as { log: Json & { entries: Json[] } }
  const pageStart = har.log.entries[0]!.startedDateTime as string
  har.log.creator = { name: 'Firefox', version: '133.0' }
  har.log.browser = { name: 'Firefox', version: '133.0' }
  har.log.pages = [{ startedDateTime: withOffset(pageStart), id: 'page_1', title: 'Pieces', pageTimings: {} }]
  for (const entry of har.log.entries) {
    entry.pageref = 'page_1'
    entry.startedDateTime = withOffset(entry.startedDateTime as string)
    entry.timings = { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: entry.time, receive: 0 }
    delete entry._resourceType
    if (entry._webSocketMessages !== undefined) {
      delete entry._webSocketMessages
      ;(entry.response as Json).status = 101
      ;(entry.response as Json).statusText = 'Switching Protocols'
    }
  }
  return JSON.stringify(har, null, 2)
}

/** The same instant written with a +01:00 offset, as Firefox writes local time. */
function withOffset(iso: string): string {
  const local = new Date(Date.parse(iso) + 60 * 60 * 1000).toISOString().replace('Z', '+01:00')
  return local
}

let dir: string
let upstream: StandaloneServer
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'firefox-har-'))
  upstream = await startStandaloneServer({ port: 0, seed: 7 })
})
afterEach(() => upstream.close())

describe("a HAR in Firefox's layout", () => {
  it('replays with no differences, its streams opened and their frames, which it does not keep, not compared', async () => {
    const recorded = join(dir, 'session.har')
    const recorder = await startRecorder({ upstream: upstream.url, out: recorded })
    await playSession(recorder.url)
    await recorder.close()
    const har = join(dir, 'firefox.har')
    await writeFile(har, inFirefoxLayout(await readFile(recorded, 'utf8')))
    const report = await checkDrift(await openHarFile(har))
    expect(report.differences).toEqual([])
    expect(report.notes.join('\n')).toMatch(
      /A stream of the HAR keeps no messages \(e\.g\. \/conversations\/stream\/identifiers/,
    )
    const { fixtures } = await fixturesFromHar(await openHarFile(har))
    expect(fixtures.conversation?.some((conversation) => conversation.name === 'Renamed in the session')).toBe(true)
  })
})
