import { textAnswer, type Answer } from '../../execution/answer.js'
import { PersistedStateError } from '../../persistence/persisted-state.js'
import { RECORD_KINDS } from '../../store/schemas/schemas.js'
import { jsonAnswer, type ControlRoute } from './control-route.js'
import type { Inspection } from '../inspection/inspection.js'
import { isRecordKind } from '../inspection/record-views.js'

const STANDALONE_ONLY = textAnswer(
  404,
  'The inspector page and its live feed are served by the standalone server (npx conversation-asset-mock, then /__mock/ui). In the browser, use startBrowserMock({ inspector: true }).',
)

const unknownKind = (kind: string | undefined) =>
  textAnswer(404, `No record kind "${kind}". Use one of ${RECORD_KINDS.join(', ')}.`)

/** A whole number from a query parameter, within bounds, or the default. */
function count(value: string | null, fallback: number, max: number): number {
  const parsed = value === null ? NaN : Number(value)
  return Number.isSafeInteger(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback
}

/**
 * The routes of the control API the inspector reads: the overview, records
 * with their links and wire forms, journal rows and entries with their
 * answers, streams, and the whole state exported and imported; plus the page, its script and its live feed, which
 * the standalone server serves itself (`served`).
 *
 * @example
 * const routes = inspectorRoutes(service.inspection)
 */
export function inspectorRoutes(inspection: Inspection): ControlRoute[] {
  return [
    { method: 'GET', path: '/__mock/ui', served: 'inspector-page', run: () => STANDALONE_ONLY },
    { method: 'GET', path: '/__mock/ui/inspector.js', served: 'inspector-script', run: () => STANDALONE_ONLY },
    { method: 'GET', path: '/__mock/events', served: 'inspector-events', run: () => STANDALONE_ONLY },
    {
      method: 'GET',
      path: '/__mock/overview',
      run: () => jsonAnswer(200, inspection.overview()),
    },
    {
      method: 'GET',
      path: '/__mock/records/:kind',
      run: ({ params, query }) => {
        const kind = params.kind ?? ''
        if (!isRecordKind(kind)) return unknownKind(kind)
        return jsonAnswer(
          200,
          inspection.records(kind, { query: query.get('q') ?? '', limit: count(query.get('limit'), 200, 10_000) }),
        )
      },
    },
    {
      method: 'GET',
      path: '/__mock/records/:kind/:id',
      run: ({ params }) => recordDetail(inspection, params.kind ?? '', params.id ?? ''),
    },
    {
      method: 'GET',
      path: '/__mock/journal/rows',
      run: ({ query }) => jsonAnswer(200, inspection.journalRows(count(query.get('limit'), 1000, 10_000))),
    },
    {
      method: 'GET',
      path: '/__mock/journal/har',
      run: ({ query }) => journalHarAnswer(inspection, query),
    },
    {
      method: 'GET',
      path: '/__mock/journal/search',
      run: ({ query }) => jsonAnswer(200, { ids: inspection.journalSearch(query.get('q') ?? '') }),
    },
    {
      method: 'GET',
      path: '/__mock/journal/:id',
      run({ params }) {
        const detail = inspection.journalEntry(Number(params.id))
        if (!detail)
          return textAnswer(404, `No journal entry ${params.id} is kept. GET /__mock/journal/rows lists them.`)
        return jsonAnswer(200, detail)
      },
    },
    {
      method: 'GET',
      path: '/__mock/streams',
      run: () => jsonAnswer(200, inspection.streams()),
    },
    {
      method: 'GET',
      path: '/__mock/state',
      // The text of exportState(), written a piece at a time when large (never built whole).
      run: () => jsonAnswer(200, inspection.exportStateValue()),
    },
    {
      method: 'POST',
      path: '/__mock/state',
      run: ({ body }) => importState(inspection, body),
    },
  ]
}

/** One record with its links and wire form, or what it was when it was deleted. */
function recordDetail(inspection: Inspection, kind: string, id: string) {
  if (!isRecordKind(kind)) return unknownKind(kind)
  const detail = inspection.record(kind, id)
  if (!detail) return textAnswer(404, `No ${kind} "${id}" in the store, and none was deleted.`)
  return jsonAnswer(200, detail)
}

/** Replaces the whole state with an exported one; a file that is no export answers 400 and changes nothing. */
async function importState(inspection: Inspection, body: unknown) {
  try {
    await inspection.importState(JSON.stringify(body ?? null))
    return { status: 204 }
  } catch (error) {
    if (error instanceof PersistedStateError) return textAnswer(400, error.message)
    throw error
  }
}

/** Where a HAR export's URLs point when the request names no `base`. */
const DEFAULT_HAR_BASE = 'http://localhost'

/**
 * The journal, or the part its filters (`operation`, `status`, `q`) keep, as
 * a HAR 1.2 download; its URLs under `base` (a URL; default http://localhost).
 */
function journalHarAnswer(inspection: Inspection, query: URLSearchParams): Answer {
  const base = query.get('base') ?? DEFAULT_HAR_BASE
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
    return textAnswer(
      400,
      `Failed to export the journal as HAR: base ${JSON.stringify(base.slice(0, 200))} is not an http(s) URL. Pass one such as base=http://localhost:3000, or none.`,
    )
  }
  const filter = {
    operation: query.get('operation') ?? undefined,
    status: query.get('status') ?? undefined,
    text: query.get('q') ?? undefined,
  }
  const har = inspection.journalHar(filter, base)
  return {
    ...jsonAnswer(200, har),
    headers: { 'content-disposition': 'attachment; filename="journal.har"' },
  } as Answer
}
