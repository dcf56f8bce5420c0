import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkDrift } from '../../src/replay/drift/check-drift.js'
import { fixturesFromHar } from '../../src/replay/har/fixtures-from-har.js'
import { openHarFile } from '../../src/replay/har/har-source.js'
import { indexHar } from '../../src/replay/har/har-index.js'
import { recordedStates } from '../../src/replay/har/recorded-states.js'
import { startRecorder } from '../../src/replay/recording/start-recorder.js'
import { startStandaloneServer, type StandaloneServer } from '../../src/server/start-standalone-server.js'
import { ask, call, playChatSession } from './sessions/chat-session.js'
import { playOfficialClientSession } from './sessions/official-client-session.js'
import { playPythonSdkSession } from './sessions/python-sdk-session.js'

let dir: string
let upstream: StandaloneServer
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'client-session-'))
  // Another seed than the replay's: the ids (and the copilot's words) differ, as a real service's would.
  upstream = await startStandaloneServer({ port: 0, seed: 7, copilotPaceMs: 0 })
})
afterEach(() => upstream.close())

/** Plays a session through the recorder in front of the upstream mock, and returns the HAR's path. */
async function recorded(play: (base: string) => Promise<void>): Promise<string> {
  const har = join(dir, 'session.har')
  const recorder = await startRecorder({ upstream: upstream.url, out: har })
  await play(recorder.url)
  await recorder.close()
  return har
}

const named = (report: Awaited<ReturnType<typeof checkDrift>>) =>
  report.differences.map(({ operation, kind, field }) => `${operation} ${kind} ${field}`)

describe('sessions of the real clients recorded through record against a second mock', () => {
  it('an HTTP session of the official client (connect, assets and a chat created, listed, renamed, deleted) replays with no differences', async () => {
    const har = await recorded(playOfficialClientSession)
    const report = await checkDrift(await openHarFile(har))
    expect(named(report)).toEqual([])
    expect(report.replayed).toBeGreaterThan(20)
  })

  it('the application connect registered is created by the session, not part of its start', async () => {
    const har = await recorded(playOfficialClientSession)
    const report = await checkDrift(await openHarFile(har))
    expect(named(report)).toEqual([])
    const { fixtures } = await fixturesFromHar(await openHarFile(har))
    const names = fixtures.application?.map((application) => application.name)
    expect(names).toContain('PIECES_FOR_DEVELOPERS_CLI')
  })

  it('a session with a streamed chat replays with no differences: the conversation and messages the copilot made are paired with the recorded ones', async () => {
    const har = await recorded(playChatSession)
    const report = await checkDrift(await openHarFile(har))
    expect(named(report)).toEqual([])
    expect(report.replayed).toBeGreaterThan(12)
  })

  it("a session of the Python SDK (its start-up's seven streams open throughout, assets, a streamed question) replays with no differences", async () => {
    const har = await recorded(playPythonSdkSession)
    const report = await checkDrift(await openHarFile(har))
    expect(named(report)).toEqual([])
    expect(report.replayed).toBeGreaterThan(15)
  })

  it("a question asked in an existing chat replays with no differences: the chat's older messages are the start's, the new ones the session's", async () => {
    // `pieces ask` in the current chat, then `pieces chat` reading every message of it.
    const har = await recorded(async (base) => {
      const listed = (await call(base, 'GET', '/conversations/identifiers')) as { iterable: Array<{ id: string }> }
      const chat = listed.iterable[0]!.id
      await call(base, 'GET', `/conversation/${chat}`)
      const relevance = { query: 'And with a generator?', model: 'gpt-3.5-turbo', options: { question: true } }
      await ask(base, relevance, chat)
      const read = (await call(base, 'GET', `/conversation/${chat}`)) as {
        messages: { indices: Record<string, number> }
      }
      for (const id of Object.keys(read.messages.indices)) await call(base, 'GET', `/message/${id}`)
    })
    const report = await checkDrift(await openHarFile(har))
    expect(named(report)).toEqual([])
    const { start } = await recordedStates(await indexHar(await openHarFile(har)))
    expect(start.fixtures.message?.length).toBeGreaterThan(0)
  })

  it("compares the copilot's words only when asked: its text is its model's own", async () => {
    const har = await recorded(playChatSession)
    const report = await checkDrift(await openHarFile(har), { exactGeneratedText: true })
    expect(named(report).length).toBeGreaterThan(0)
    expect(
      named(report).every((difference) => /^\/qgpt\/stream |^messageSpecificMessageSnapshot /.test(difference)),
    ).toBe(true)
  })

  it('names a difference injected upstream exactly once', async () => {
    upstream.service.faults.add({ operation: 'conversationsSnapshot', status: 500, times: 1 })
    const har = await recorded(playChatSession)
    const report = await checkDrift(await openHarFile(har))
    expect(report.differences).toMatchObject([
      { operation: 'conversationsSnapshot', kind: 'status', field: '(status)', recorded: '500', mock: '200' },
    ])
  })

  it('starts from, and imports, the conversations in the order the recorded lists showed, not the order they were read in', async () => {
    // `pieces chats`: the identifiers, then each chat opened, here from the last listed to the first.
    const har = await recorded(async (base) => {
      const listed = (await call(base, 'GET', '/conversations/identifiers')) as { iterable: Array<{ id: string }> }
      for (const { id } of listed.iterable.toReversed()) await call(base, 'GET', `/conversation/${id}`)
      await call(base, 'GET', '/conversations/identifiers')
    })
    const report = await checkDrift(await openHarFile(har))
    expect(named(report)).toEqual([])
    const index = await indexHar(await openHarFile(har))
    const first = await index.http(index.exchanges[0] as Parameters<typeof index.http>[0])
    const order = (JSON.parse(first.responseText) as { iterable: Array<{ id: string }> }).iterable.map(({ id }) => id)
    const { fixtures } = await fixturesFromHar(await openHarFile(har))
    expect(fixtures.conversation?.map(({ id }) => id)).toEqual(order)
  })
})
