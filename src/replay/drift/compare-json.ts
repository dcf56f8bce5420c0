import type { DifferenceKind } from './drift-types.js'

/** One difference found inside an answer, before it is given its exchange. */
export interface FoundDifference {
  readonly kind: DifferenceKind
  readonly field: string
  readonly recorded?: string
  readonly mock?: string
}

/** What the comparison knows of ids across the run. */
export interface IdContext {
  /** Recorded id → the mock's id, for records the replay created; learned as answers are compared. */
  readonly ids: Map<string, string>
  /** Mock ids already paired with a recorded one. */
  readonly paired: Set<string>
  /** Recorded ids of records the recording's writes created: paired with the mock's when met. */
  readonly created: ReadonlySet<string>
  /** Ids of the records the replay started with: never paired with another id. */
  readonly known: ReadonlySet<string>
  /** Recorded ids of records the writes so far changed: their timestamps are not compared. */
  readonly changed: ReadonlySet<string>
  /** Recorded ids of records the recording never fetched: links to them are left out of the comparison. */
  readonly unknown: ReadonlySet<string>
  /** Recorded ids of formats (and their assets) whose content the recording never saw: sizes and search hits on them are not compared. */
  readonly contentUnseen?: ReadonlySet<string>
  /** Recorded ids of the messages a copilot wrote: their text is compared by kind, not word for word. */
  readonly generated?: ReadonlySet<string>
}

/** Where in the answers a comparison is: the field's path, whether timestamps are left out, how deep. */
interface Place {
  readonly field: string
  readonly loose: boolean
  readonly depth: number
  /** Inside a record a copilot wrote: its texts are its model's own. */
  readonly generated?: boolean
}

/** What a whole comparison shares: the ids known across the run, and the differences found so far. */
interface Walk {
  readonly context: IdContext
  readonly found: FoundDifference[]
}

/** Deepest nesting compared; deeper values are compared as text. */
const MAX_DEPTH = 64
/** Longest value shown in a difference. */
const SHOWN = 80

/**
 * The differences between a recorded JSON answer and the mock's: fields
 * missing or extra, values that differ, lists of records in another order
 * or with other members. Ids of records the replay created are paired with
 * the recorded ones as they are met (an `id` field, then by position among
 * the unpaired); the timestamps (`{ value, readable }`) of records created or
 * changed are not compared, nor links to records never fetched.
 *
 * @example
 * compareJson({ name: 'a' }, { name: 'b' }, context) // [{ kind: 'value', field: 'name', recorded: '"a"', mock: '"b"' }]
 */
export function compareJson(recorded: unknown, mock: unknown, context: IdContext): FoundDifference[] {
  const found: FoundDifference[] = []
  compareValue(recorded, mock, { field: '', loose: false, depth: 0 }, { context, found })
  return found
}

function compareValue(recorded: unknown, mock: unknown, place: Place, walk: Walk): void {
  const { field, depth } = place
  const { context, found } = walk
  if (depth > MAX_DEPTH) {
    if (!sameJson(recorded, mock)) found.push(valueDifference(field, recorded, mock))
    return
  }
  if (Array.isArray(recorded) && Array.isArray(mock)) return compareLists(recorded, mock, place, walk)
  if (isObject(recorded) && isObject(mock)) return compareObjects(recorded, mock, place, walk)
  if (typeof recorded === 'string' && typeof mock === 'string') {
    if ((context.ids.get(recorded) ?? recorded) === mock) return
    if (place.generated && GENERATED_TEXT.test(field)) return
    // A text that is no record's `id` is paired only when it names a record a recorded write created.
    if (learnId(recorded, mock, context, true)) return
  } else if (Object.is(recorded, mock)) return
  found.push(valueDifference(field, recorded, mock))
}

function compareObjects(
  recorded: Record<string, unknown>,
  mock: Record<string, unknown>,
  place: Place,
  walk: Walk,
): void {
  const { field, depth } = place
  const { context, found } = walk
  let { loose, generated } = place
  if (typeof recorded.id === 'string' && typeof mock.id === 'string') {
    learnId(recorded.id, mock.id, context)
    loose = !context.known.has(recorded.id) || context.changed.has(recorded.id)
    generated ||= context.generated?.has(recorded.id) === true
  }
  // The timestamps of records created or changed by the replay differ from run to run.
  if (loose && isTimestamp(recorded) && isTimestamp(mock)) return
  const contentUnseen = typeof recorded.id === 'string' && context.contentUnseen?.has(recorded.id) === true
  const mockKeys = new Set(Object.keys(mock))
  for (const [key, value] of Object.entries(recorded)) {
    if (context.unknown.has(key) || (contentUnseen && key === 'bytes')) continue
    const mockKey = context.ids.get(key) ?? key
    const at = field === '' ? key : `${field}.${key}`
    if (!mockKeys.has(mockKey)) {
      // A collection of links to records never fetched only: the replay's state could not hold them.
      if (!linksOnlyUnknown(value, context)) found.push({ kind: 'missing', field: at, recorded: shown(value) })
      continue
    }
    mockKeys.delete(mockKey)
    // Positions in a collection that links records never fetched shift with them: only its keys are compared.
    if (key === 'indices' && isObject(value) && Object.keys(value).some((id) => context.unknown.has(id))) continue
    compareValue(value, mock[mockKey], { field: at, loose, depth: depth + 1, generated }, walk)
  }
  for (const key of mockKeys) {
    // An id key the replay made (an `indices` map) is paired by its record, not reported twice.
    if (context.paired.has(key) || (contentUnseen && key === 'bytes')) continue
    found.push({ kind: 'extra', field: field === '' ? key : `${field}.${key}`, mock: shown(mock[key]) })
  }
}

function compareLists(recorded: unknown[], mock: unknown[], place: Place, walk: Walk): void {
  const { field, loose, depth, generated } = place
  const { found } = walk
  const recordedIds = recorded.map(idOf)
  if (recordedIds.length > 0 && recordedIds.every((id) => id !== undefined)) {
    return compareRecordLists(recorded, mock, place, walk)
  }
  const length = Math.max(recorded.length, mock.length)
  for (let index = 0; index < length; index++) {
    const at = `${field}[${index}]`
    if (index >= mock.length) found.push({ kind: 'missing', field: at, recorded: shown(recorded[index]) })
    else if (index >= recorded.length) found.push({ kind: 'extra', field: at, mock: shown(mock[index]) })
    else compareValue(recorded[index], mock[index], { field: at, loose, depth: depth + 1, generated }, walk)
  }
}

/** Lists of records (each with an id): members, then order, then each member. */
function compareRecordLists(recorded: unknown[], mock: unknown[], place: Place, walk: Walk): void {
  const { field, loose, depth } = place
  const { context, found } = walk
  const kept = recorded.filter((item) => !unseen(idOf(item)!, context))
  const keptIds = new Set(kept.map((item) => idOf(item)!))
  const mockPositions = new Map<string, number>()
  mock.forEach((item, position) => {
    const id = idOf(item)
    if (id !== undefined && !mockPositions.has(id)) mockPositions.set(id, position)
  })
  // Records the replay created, paired in order with the mock's records no recorded id names.
  const unpaired = [...mockPositions.keys()].filter(
    (id) => !context.paired.has(id) && !keptIds.has(id) && !context.known.has(id),
  )
  let next = 0
  for (const id of keptIds) {
    if (next < unpaired.length && !context.ids.has(id) && !context.known.has(id))
      learnId(id, unpaired[next++]!, context)
  }
  const matched: string[] = []
  const unmatched = new Map(mockPositions)
  kept.forEach((item, index) => {
    const id = idOf(item)!
    const mockId = context.ids.get(id) ?? id
    const position = unmatched.get(mockId)
    if (position === undefined) {
      found.push({ kind: 'missing', field: `${field}[${index}]`, recorded: `the record ${id}` })
      return
    }
    unmatched.delete(mockId)
    matched.push(mockId)
    compareValue(item, mock[position], { field: `${field}[${index}]`, loose, depth: depth + 1 }, walk)
  })
  for (const [id, position] of unmatched)
    if (!unseen(id, context)) found.push({ kind: 'extra', field: `${field}[${position}]`, mock: `the record ${id}` })
  const inMatched = new Set(matched)
  const mockOrder = [...mockPositions.keys()].filter((id) => inMatched.has(id))
  if (mockOrder.join(',') !== matched.join(',')) {
    found.push({ kind: 'order', field, recorded: shown(matched), mock: shown(mockOrder) })
  }
}

/**
 * Pairs the recorded id of a record the replay did not start with (one the
 * session created, by a write or a stream) with the mock's id of a record
 * it created; `onlyCreated` limits it to ids a recorded write created. True
 * when the two are (now) paired.
 */
function learnId(recorded: string, mock: string, context: IdContext, onlyCreated = false): boolean {
  const paired = context.ids.get(recorded)
  if (paired !== undefined) return paired === mock
  const pairable = onlyCreated ? context.created.has(recorded) : !context.known.has(recorded)
  if (recorded === mock || !pairable || context.known.has(mock) || context.paired.has(mock)) return recorded === mock
  context.ids.set(recorded, mock)
  context.paired.add(mock)
  return true
}

/** The text fields of what a copilot writes: a fragment's `raw` text, an answer's `text`. */
const GENERATED_TEXT = /(^|\.)(raw|text)$/

/** Whether a value is a collection (`{ iterable, indices }`) whose every member is a record never fetched. */
function linksOnlyUnknown(value: unknown, context: IdContext): boolean {
  const members = isObject(value) && Array.isArray(value.iterable) ? value.iterable.map(idOf) : []
  return members.length > 0 && members.every((id) => id !== undefined && context.unknown.has(id))
}

/** A record the recording never fetched, or (in a search's hits) one whose content it never saw. */
function unseen(id: string, context: IdContext): boolean {
  return context.unknown.has(id) || context.contentUnseen?.has(id) === true
}

/**
 * A record's id, the record a search hit names (`identifier`), or the record
 * an identifier stream's item wraps (`{ "conversation": { "id" } }`).
 */
function idOf(item: unknown): string | undefined {
  if (!isObject(item)) return undefined
  if (typeof item.id === 'string') return item.id
  if (typeof item.identifier === 'string') return item.identifier
  const keys = Object.keys(item)
  const wrapped = keys.length === 1 ? item[keys[0]!] : undefined
  return isObject(wrapped) && typeof wrapped.id === 'string' ? wrapped.id : undefined
}

/** Whether two JSON values are equal, walked with a stack of pairs (no recursion, whatever their depth). */
function sameJson(recorded: unknown, mock: unknown): boolean {
  const pairs: Array<[unknown, unknown]> = [[recorded, mock]]
  while (pairs.length > 0) {
    const [a, b] = pairs.pop()!
    if (Object.is(a, b)) continue
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return false
      for (let index = 0; index < a.length; index++) pairs.push([a[index], b[index]])
    } else if (isObject(a) && isObject(b)) {
      const keys = Object.keys(a)
      if (keys.length !== Object.keys(b).length) return false
      for (const key of keys) {
        if (!Object.hasOwn(b, key)) return false
        pairs.push([a[key], b[key]])
      }
    } else return false
  }
  return true
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A GroupedTimestamp: an ISO value and, maybe, its readable text. */
function isTimestamp(value: Record<string, unknown>): boolean {
  return (
    typeof value.value === 'string' &&
    !Number.isNaN(Date.parse(value.value)) &&
    Object.keys(value).every((key) => key === 'value' || key === 'readable')
  )
}

function valueDifference(field: string, recorded: unknown, mock: unknown): FoundDifference {
  return { kind: 'value', field: field || '(body)', recorded: shown(recorded), mock: shown(mock) }
}

function shown(value: unknown): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    // Past what the recorded side may hold (a HAR's bodies are read 256 levels deep at most): named, not written.
    text = Array.isArray(value) ? '(a list nested too deep to show)' : '(an object nested too deep to show)'
  }
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 3)}...` : text
}
