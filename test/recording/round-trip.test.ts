import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkDrift } from '../../src/drift/check-drift.js'
import { fixturesFromHar } from '../../src/har/fixtures-from-har.js'
import { startRecorder } from '../../src/recording/start-recorder.js'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'
import { playSession } from './recorded-session.js'

let dir: string
let upstream: StandaloneServer
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recording-'))
  // Another seed than the replay's: the ids the service gives new records differ, as a real service's would.
  upstream = await startStandaloneServer({ port: 0, seed: 7 })
})
afterEach(() => upstream.close())

async function recordSession(): Promise<{ har: string; text: string; conversation: string }> {
  const har = join(dir, 'session.har')
  const recorder = await startRecorder({ upstream: upstream.url, out: har })
  const { conversation } = await playSession(recorder.url)
  await recorder.close()
  return { har, text: await readFile(har, 'utf8'), conversation }
}

describe('record, import and drift against a second mock standing in for the service', () => {
  it('round-trips a session with no differences', async () => {
    const { har, text } = await recordSession()
    const report = await checkDrift(text, har)
    expect(report.differences).toEqual([])
    expect(report.replayed).toBeGreaterThan(15)
  })

  it('imports the state at the end of the recording, with the created conversation renamed and the deleted tag gone', async () => {
    const { har, text, conversation } = await recordSession()
    const { fixtures } = fixturesFromHar(text, har)
    const imported = fixtures.conversation?.find((record) => record.id === conversation)
    expect(imported?.name).toBe('Renamed in the session')
    expect(fixtures.tag?.some((tag) => tag.text === 'recorded')).toBe(false)
    expect(fixtures.asset?.length).toBe(upstream.service.store.count('asset'))
  })
})
