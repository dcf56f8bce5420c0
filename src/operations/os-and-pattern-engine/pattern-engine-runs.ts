import { z } from 'zod'
import { seededWorkstreamEventInput } from '../../domain/inputs/record-seeds.js'
import { searchInput, textSearchOf } from '../../domain/inputs/search-inputs.js'
import { groupedTimestamp } from '../../domain/inputs/wire-parts.js'
import {
  capturedWithin,
  FOCUSED_WINDOW,
  readPatternEngine,
  visionText,
} from '../../domain/machine/os-parts/pattern-engine-part.js'
import { refreshSuggestions, suggestedIds } from '../../domain/machine/os-parts/suggestions-part.js'
import { matchText } from '../../domain/search.js'
import { createWorkstreamEvent } from '../../domain/workstream-event-writes.js'
import { mostRecentFirst } from '../../store/most-recent-first.js'
import type { WorkstreamEventRecord } from '../../store/schemas/schemas.js'
import { buildWorkstreamSuggestions } from '../../wire/records/workstream-suggestions.js'
import type { WireContext } from '../../wire/wire-types.js'
import { json, noContent, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'

/** At most this many ids are deleted by one scoped delete. */
const MAX_SCOPED_DELETIONS = 1000

const ingestionInput = z.object({ event: z.unknown() }).loose()
const cleanupInput = z
  .object({
    ranges: z
      .array(z.object({ from: groupedTimestamp.optional(), to: groupedTimestamp.optional() }).loose())
      .max(100)
      .optional(),
  })
  .loose()
  .optional()
const deletionsInput = z
  .object({
    search_scope: z.unknown().optional(),
    identifiers: z
      .object({ iterable: z.array(z.object({ id: z.string().min(1) }).loose()).max(MAX_SCOPED_DELETIONS) })
      .loose()
      .optional(),
  })
  .loose()
const suggestionsInput = z.object({ query: z.string().max(1000).optional() }).loose()

/** A workstream event as the vision event long-term memory read on screen (WorkstreamPatternEngineVisionEvent). */
function visionEvent(event: WorkstreamEventRecord, wire: WireContext) {
  return { id: event.id, created: wire.timestamp(event.created), textual: { ocr: { raw: visionText(event) } } }
}

/** Every vision event, most recent first. */
function allEvents(context: OperationContext): WorkstreamEventRecord[] {
  return mostRecentFirst(context.store.all('workstreamEvent'))
}

/** `POST /workstream_pattern_engine/ingestions/create`: the event seeded is stored (a WorkstreamIngestion answers). */
export async function createIngestion(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'SeededWorkstreamIngestion')
  const { event } = parseBody(ingestionInput, context.request.body, 'SeededWorkstreamIngestion')
  const seed = parseBody(seededWorkstreamEventInput, event, 'SeededWorkstreamEvent')
  await context.store.write((tx) => createWorkstreamEvent(tx, seed))
  return json({})
}

/** `GET /workstream_pattern_engine/processors/sources`: what each stored source is (its raw name, window, URL, application), most recent first. */
export function processorSources(context: OperationContext): OperationResult {
  return json({ iterable: mostRecentFirst(context.store.all('source')).map((source) => ({ ...source.raw })) })
}

/** `GET …/vision/calibrations`: the calibrations captured, oldest first (WorkstreamPatternEngineVisionCalibrations). */
export function calibrationsSnapshot(context: OperationContext): OperationResult {
  const wire = wireContext(context)
  const { calibrations } = readPatternEngine(context.store)
  return json({
    iterable: calibrations.map((calibration) => ({
      foreground: calibration.foreground,
      captured: wire.timestamp(calibration.captured),
    })),
  })
}

/** `GET …/vision/calibrations/focused`: the newest calibration, or the window in focus when none was captured. */
export function calibrationFocused(context: OperationContext): OperationResult {
  const wire = wireContext(context)
  const newest = readPatternEngine(context.store).calibrations.at(-1)
  if (!newest) return json({ foreground: FOCUSED_WINDOW })
  return json({ foreground: newest.foreground, captured: wire.timestamp(newest.captured) })
}

/** `POST …/vision/data/clear`: the vision events captured within the ranges (every one without ranges) are deleted; 204. */
export async function dataClear(context: OperationContext): Promise<OperationResult> {
  const input = parseBody(cleanupInput, context.request.body, 'WorkstreamPatternEngineDataCleanupRequest')
  const ranges = (input?.ranges ?? []).map((range) => ({ from: range.from?.value, to: range.to?.value }))
  const doomed = allEvents(context).filter((event) => capturedWithin(event, ranges))
  await context.store.write((tx) => {
    for (const event of doomed) tx.remove('workstreamEvent', event.id)
  })
  return noContent()
}

/** `GET …/vision/data/events`: every vision event, most recent first (WorkstreamPatternEngineVisionEvents). */
export function eventsSnapshot(context: OperationContext): OperationResult {
  const wire = wireContext(context)
  return json({ iterable: allEvents(context).map((event) => visionEvent(event, wire)) })
}

/** `GET …/vision/data/events/{vision_event}`: one vision event; a deleted one answers 410. */
export function eventSnapshot(context: OperationContext): OperationResult {
  const event = readRecord(context, 'workstreamEvent', 'vision_event')
  return json(visionEvent(event, wireContext(context)))
}

/** `POST …/vision/data/events/{vision_event}/delete`: deletes it; 204. */
export async function eventDelete(context: OperationContext): Promise<OperationResult> {
  const id = pathId(context, 'vision_event')
  await context.store.write((tx) => tx.remove('workstreamEvent', id))
  return noContent()
}

/** The events a search names, with how well each matched, best first. */
function searched(context: OperationContext, input: z.output<typeof searchInput>) {
  const search = textSearchOf(input)
  const found = []
  for (const event of allEvents(context)) {
    const match = matchText([visionText(event)], search)
    if (match) found.push({ event, match })
  }
  return found.sort((a, b) => Number(b.match.exact) - Number(a.match.exact) || b.match.similarity - a.match.similarity)
}

/** `POST …/vision/data/events/scoped_delete`: deletes the events named and those the search scope finds; answers their ids. */
export async function eventsScopedDelete(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'WorkstreamPatternEngineVisionEventDeletions')
  const input = parseBody(deletionsInput, context.request.body, 'WorkstreamPatternEngineVisionEventDeletions')
  const scope = input.search_scope === undefined ? undefined : parseBody(searchInput, input.search_scope, 'SearchInput')
  const ids = new Set(input.identifiers?.iterable.map((reference) => reference.id) ?? [])
  if (scope) for (const { event } of searched(context, scope)) ids.add(event.id)
  const present = [...ids].filter((id) => context.store.get('workstreamEvent', id) !== undefined)
  await context.store.write((tx) => {
    for (const id of present) tx.remove('workstreamEvent', id)
  })
  return json({ iterable: present.map((id) => ({ id })) })
}

/** `POST …/vision/data/events/search`: the vision events whose text matches, best first. */
export function eventsSearch(context: OperationContext): OperationResult {
  requireBody(context.request.body, 'SearchInput')
  const input = parseBody(searchInput, context.request.body, 'SearchInput')
  const wire = wireContext(context)
  return json({
    iterable: searched(context, input).map(({ event, match }) => ({
      identifier: event.id,
      event: visionEvent(event, wire),
      exact: match.exact,
      similarity: match.similarity,
    })),
  })
}

/** `GET …/vision/metadata`: how many vision events there are, their text's size, the oldest and newest. */
export function visionMetadata(context: OperationContext): OperationResult {
  const wire = wireContext(context)
  const events = allEvents(context)
  let bytes = 0
  for (const event of events) bytes += new TextEncoder().encode(visionText(event)).length
  const newest = events[0]
  const oldest = events.at(-1)
  return json({
    events: {
      bytes: { value: bytes, readable: `${bytes} B` },
      total: events.length,
      ...(oldest && { oldest: visionEvent(oldest, wire) }),
      ...(newest && { newest: visionEvent(newest, wire) }),
    },
  })
}

/** `POST /workstream/suggestions/refresh`: suggestions for the query sent (WorkstreamSuggestionsRefresh); the stream hears it. */
export async function suggestionsRefresh(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'SeededWorkstreamSuggestionsRefresh')
  const { query } = parseBody(suggestionsInput, context.request.body, 'SeededWorkstreamSuggestionsRefresh')
  await context.store.write((tx) => refreshSuggestions(tx, query))
  return json({ suggestions: buildWorkstreamSuggestions(suggestedIds(context.store)) })
}
