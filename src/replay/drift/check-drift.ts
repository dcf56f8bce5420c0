import { createMockService } from '../../core/create-mock-service.js'
import { portOf, type ServicePort } from '../../core/service-port.js'
import type { HttpExchange } from '../har/har-exchanges.js'
import { indexHar, type HarIndex } from '../har/har-index.js'
import type { HarSource } from '../har/har-source.js'
import { namedIds } from '../har/named-ids.js'
import { recordedStates, type RecordedStates } from '../har/recorded-states.js'
import type { FixtureSet } from '../../seeding/fixture-files.js'
import { allows, type AllowRule } from './allow-list.js'
import { compareAnswer, compareFrames } from './compare-answer.js'
import type { IdContext } from './compare-json.js'
import { driftEvents, type DriftEvent } from './drift-events.js'
import { shapeOfGeneratedText } from './generated-text-shape.js'
import { learnStreamIds, type WrittenStream } from './learn-stream-ids.js'
import type { Difference, DriftReport } from './drift-types.js'
import { openReplayedStream, type ReplayedStream } from './replay-stream.js'
import { idSwapper, replayRequest } from './replay-request.js'

/** How a drift check replays a recording. */
export interface DriftOptions {
  /** The records to start from instead of those the recording shows at its start. */
  readonly fixtures?: FixtureSet
  /** Differences the team accepts. */
  readonly allow?: readonly AllowRule[]
  /**
   * Compare what a copilot writes word for word (its answer's text in the
   * stream's frames and in the messages it stores). Off by default: a
   * copilot's text is its model's own and differs from the mock's by design,
   * so only its shape is compared (the frames' statuses and fields, one
   * IN-PROGRESS frame standing for a run of them).
   */
  readonly exactGeneratedText?: boolean
  /** Seed of the ids the mock gives new records (default 1). */
  readonly seed?: number
}

/**
 * Replays a recording's requests and streams, in order, against a fresh mock
 * seeded with the state at the recording's start, and compares each answer
 * with the recorded one: status, shape against the official client's models,
 * each field's value, and the order and content of stream frames. Ids the
 * replay creates are paired with the recorded ones, and the timestamps of
 * records it creates or changes are not compared. The HAR is read entry by
 * entry and each answer again when it is compared: memory grows with the
 * records and the streams' frames, not with the file.
 *
 * @example
 * const report = await checkDrift(await openHarFile('session.har'))
 * report.differences.length // 0 when the mock answers as the recorded service did
 */
export async function checkDrift(source: HarSource, options: DriftOptions = {}): Promise<DriftReport> {
  try {
    return await replayHar(source, options)
  } finally {
    await source.close()
  }
}

async function replayHar(source: HarSource, options: DriftOptions): Promise<DriftReport> {
  const har = await indexHar(source)
  const states = await recordedStates(har)
  const fixtures = options.fixtures ?? states.start.fixtures
  const service = createMockService({ fixtures, seed: options.seed ?? 1 })
  await service.ready
  const replay: Replay = {
    har,
    port: portOf(service),
    context: idContextOf(states, fixtures, options),
    streams: new Map(),
    written: [],
  }
  const found: Difference[] = []
  const events = driftEvents(har.exchanges)
  const progress = new Map<ReplayedStream, FrameProgress>()
  try {
    for (const [index, event] of events.entries()) {
      service.clock.freeze(event.at)
      found.push(...(await replayStep(event, replay)))
      await settled()
      await framesBefore(events[index + 1]?.at ?? Infinity, replay.streams.values(), progress)
      learnStreamIds(replay.written, replay.context)
    }
    found.push(...(await streamDifferences(replay, options)))
  } finally {
    service.close()
  }
  const rules = options.allow ?? []
  const allowed = new Set(found.filter((difference) => rules.some((rule) => allows(rule, difference))))
  return {
    har: source.name,
    replayed: har.exchanges.length,
    skipped: har.skipped,
    differences: found.filter((difference) => !allowed.has(difference)),
    allowed: [...allowed],
    notes: [...har.notes, ...stateNotes(states, replay.streams)],
  }
}

/** A replay under way: the recording, the mock, what is known of ids, the streams opened. */
interface Replay {
  readonly har: HarIndex
  readonly port: ServicePort
  readonly context: IdContext
  readonly streams: Map<object, ReplayedStream>
  /** The streams the client wrote to, whose ids are learned as their frames come. */
  readonly written: WrittenStream[]
}

/** What the comparison starts knowing of ids: those of the start, those the session made, those it never saw whole. */
function idContextOf(states: RecordedStates, fixtures: FixtureSet, options: DriftOptions): IdContext {
  return {
    ids: new Map(),
    paired: new Set(),
    created: states.created,
    known: new Set(Object.values(fixtures).flatMap((records) => (records ?? []).map((record) => record.id))),
    changed: new Set(),
    contentUnseen: options.fixtures ? new Set() : states.contentUnseen,
    generated: options.exactGeneratedText ? new Set() : states.generated,
    unknown: new Set([
      ...states.start.dropped.map((link) => link.target).filter((id) => !states.created.has(id)),
      ...(options.fixtures ? [] : states.onlyListed),
    ]),
  }
}

/** Replays one step: a request (its answer compared), a stream opened, a message sent on one, a stream closed. */
async function replayStep(event: DriftEvent, replay: Replay): Promise<Difference[]> {
  const { har, port, context, streams } = replay
  if (event.type === 'http') {
    const exchange = await har.http(event.exchange)
    markChanged(exchange, context)
    return compareAnswer(exchange, await replayRequest(port, exchange, context.ids), context)
  }
  if (event.type === 'open') {
    const stream = openReplayedStream(port, event.exchange)
    streams.set(event.exchange, stream)
    if (event.exchange.sends.length > 0 && event.exchange.messagesKept) {
      replay.written.push({ stream, recorded: shapeOfGeneratedText(await har.received(event.exchange)), learned: 0 })
    }
  } else if (event.type === 'send') {
    // What a question names (its conversation) changes: its timestamps are not compared from then on.
    for (const id of namedIds(event.data)) (context.changed as Set<string>).add(id)
    streams.get(event.exchange)?.session?.receive(idSwapper(context.ids)(event.data))
  } else streams.get(event.exchange)?.session?.leave()
  return []
}

/**
 * Each replayed stream's frames against the recorded ones; a copilot's (a
 * stream the client wrote to) by shape unless asked for exactly, and none
 * for a stream whose writer kept no messages (Firefox).
 */
async function streamDifferences(replay: Replay, options: DriftOptions): Promise<Difference[]> {
  const found: Difference[] = []
  for (const stream of replay.streams.values()) {
    if (!stream.exchange.messagesKept) continue
    const recorded = await replay.har.received(stream.exchange)
    const byShape = stream.exchange.sends.length > 0 && !options.exactGeneratedText
    found.push(
      ...(byShape
        ? compareFrames(
            { ...stream, frames: shapeOfGeneratedText(stream.frames) },
            shapeOfGeneratedText(recorded),
            replay.context,
          )
        : compareFrames(stream, recorded, replay.context)),
    )
  }
  return found
}

/** How long a step waits for a stream frame the recording shows before the next step (a frame the mock never sends). */
const FRAME_WAIT_MS = 1000

/** Where a stream's replay stands against its recording: the recorded frames counted so far, and how many the mock fell short by. */
interface FrameProgress {
  /** The next recorded frame to count. */
  cursor: number
  /** Frames received in the recording up to the cursor. */
  expected: number
  shortfall: number
}

/**
 * Waits until each open stream has sent as many frames as the recording
 * shows before `next`, less the frames it already fell short by (each
 * missing frame is waited for once), for FRAME_WAIT_MS at most. Each
 * recorded message is counted once over the whole replay.
 */
async function framesBefore(
  next: number,
  streams: Iterable<ReplayedStream>,
  progress: Map<ReplayedStream, FrameProgress>,
): Promise<void> {
  const waits: Array<Promise<void>> = []
  for (const stream of streams) {
    let at = progress.get(stream)
    if (!at) progress.set(stream, (at = { cursor: 0, expected: 0, shortfall: 0 }))
    const received = stream.exchange.received
    for (; at.cursor < received.length && received[at.cursor]! <= next; at.cursor++) at.expected++
    waits.push(stream.framesReached(at.expected - at.shortfall, FRAME_WAIT_MS))
  }
  await Promise.all(waits)
  for (const [stream, at] of progress) at.shortfall = Math.max(0, at.expected - stream.frames.length)
}

/** Lets the frames a step caused reach their streams before the next step. */
function settled(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** The records a write names (in its path and its body) change: their timestamps are not compared from then on. */
function markChanged(exchange: HttpExchange, context: IdContext): void {
  if (exchange.method === 'GET' || /search|exists|snapshot/i.test(exchange.operation.id)) return
  const changed = context.changed as Set<string>
  for (const id of Object.values(exchange.params)) changed.add(id)
  for (const match of exchange.requestBody.matchAll(/"id"\s*:\s*"([^"]+)"/g)) changed.add(match[1]!)
}

function stateNotes(states: RecordedStates, streams: ReadonlyMap<object, ReplayedStream>): string[] {
  const notes: string[] = []
  const unknown = new Set(states.start.dropped.map((link) => link.target))
  if (unknown.size > 0) {
    notes.push(
      `${unknown.size} records the answers link to were never fetched by the recording (e.g. ${[...unknown][0]}): links to them are not compared.`,
    )
  }
  if (states.unread.length > 0) {
    const first = states.unread[0]!
    notes.push(
      `${states.unread.length} records of the answers did not read back as their kind (e.g. the ${first.kind} ${first.id} of entry ${first.entry}: ${first.field} ${first.problem}).`,
    )
  }
  const unkept = [...streams.values()].filter((stream) => !stream.exchange.messagesKept)
  if (unkept.length > 0) {
    notes.push(
      `${unkept.length === 1 ? 'A stream' : `${unkept.length} streams`} of the HAR ${unkept.length === 1 ? 'keeps' : 'keep'} no messages (e.g. ${unkept[0]!.exchange.path}, entry ${unkept[0]!.exchange.entry}; Firefox writes none): their frames are not compared.`,
    )
  }
  for (const stream of streams.values()) {
    if (!stream.session)
      notes.push(`The mock serves no stream at ${stream.exchange.path} (entry ${stream.exchange.entry}).`)
  }
  return notes
}
