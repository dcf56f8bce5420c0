import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkDrift } from '../../src/replay/drift/check-drift.js'
import { fixturesFromHar } from '../../src/replay/har/fixtures-from-har.js'
import { openHarFile } from '../../src/replay/har/har-source.js'
import { startRecorder } from '../../src/replay/recording/start-recorder.js'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'
import { playSession } from './recorded-session.js'
import { startScriptedUpstream } from './scripted-upstream.js'

let dir: string
let upstream: StandaloneServer
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recording-'))
  // Another seed than the replay's: the ids the service gives new records differ, as a real service's would.
  upstream = await startStandaloneServer({ port: 0, seed: 7 })
})
afterEach(() => upstream.close())

async function recordSession(
  target = upstream.url,
  options: { copilot?: boolean } = {},
): Promise<{ har: string; text: string; conversation: string }> {
  const har = join(dir, 'session.har')
  const recorder = await startRecorder({ upstream: target, out: har })
  const { conversation } = await playSession(recorder.url, options)
  await recorder.close()
  return { har, text: await readFile(har, 'utf8'), conversation }
}

describe('record, import and drift against a second mock standing in for the service', () => {
  it('round-trips a session with no differences', async () => {
    const { har } = await recordSession()
    const report = await checkDrift(await openHarFile(har))
    expect(report.differences).toEqual([])
    expect(report.replayed).toBeGreaterThan(15)
  })

  it('replays what the client sent on a stream: a copilot question answers with the same frames', async () => {
    const { har, text } = await recordSession(upstream.url, { copilot: true })
    // The copilot's answer is generated from the seed: the replay uses the recorded service's, as a real
    // service's answer is its model's own (docs/recording.md says how an allow-list accepts that).
    const report = await checkDrift(await openHarFile(har), { seed: 7 })
    expect(report.differences).toEqual([])
    expect(text).toContain('"type":"send"')
  })

  it('imports the state at the end of the recording, with the created conversation renamed and the deleted tag gone', async () => {
    const { har, conversation } = await recordSession()
    const { fixtures } = await fixturesFromHar(await openHarFile(har))
    const imported = fixtures.conversation?.find((record) => record.id === conversation)
    expect(imported?.name).toBe('Renamed in the session')
    expect(fixtures.tag?.some((tag) => tag.text === 'recorded')).toBe(false)
    expect(fixtures.asset?.length).toBe(upstream.service.store.count('asset'))
  })
})

describe('drift against a service that answers differently on purpose', () => {
  it('names each deliberate difference with its operation, request and field', async () => {
    const scripted = await startScriptedUpstream(upstream.url)
    const { har } = await recordSession(scripted.url).finally(() => scripted.close())
    const report = await checkDrift(await openHarFile(har))
    const named = report.differences.map(({ operation, request, kind, field }) => ({ operation, request, kind, field }))
    expect(named).toEqual(
      expect.arrayContaining([
        { operation: 'websitesSnapshot', request: 'GET /websites', kind: 'status', field: '(status)' },
        { operation: 'assetsSnapshot', request: 'GET /assets', kind: 'shape', field: 'iterable[0].mechanism' },
        { operation: 'assetsSnapshot', request: 'GET /assets', kind: 'extra', field: 'iterable[0].mechanism' },
        { operation: 'conversationsSnapshot', request: 'GET /conversations', kind: 'order', field: 'iterable' },
        {
          operation: '/conversations/stream/identifiers',
          request: 'GET /conversations/stream/identifiers (stream)',
          kind: 'frames',
          field: 'frames[1]',
        },
      ]),
    )
    // Nothing else: one difference never cascades into unrelated ones.
    expect(named).toHaveLength(5)
    expect(report.differences.find((d) => d.kind === 'status')).toMatchObject({ recorded: '500', mock: '200' })
  })
})
