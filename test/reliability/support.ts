import fc from 'fast-check'
import {
  clientOperations,
  createMockService,
  type Operation,
  type RecordKind,
  type Store,
} from 'conversation-asset-mock'
import { expect } from 'vitest'
import { FIRST_BACKUP_ID } from '../../src/domain/machine/backups/backup-state.js'
import { FIRST_DEPLOYMENT_ID } from '../../src/domain/machine/installers/installer-state.js'

/**
 * The seed of every property in test/reliability, so a failure reproduces.
 * Override with FC_SEED=<n> to explore other inputs locally.
 */
const FC_SEED = Number(process.env.FC_SEED ?? 7_102_024)

/** fast-check settings: seeded, with a modest number of runs so the suite stays fast. */
export function propertyOptions(numRuns = 60): fc.Parameters<unknown> {
  return { seed: FC_SEED, numRuns }
}

/** The route table, as `createMockService().operations` lists it. */
export const OPERATIONS: readonly Operation[] = createMockService().operations

/** The reads whose only error status is 410: the two of the spec, and the record snapshots the service answers so after a delete. */
const GONE_READS = new Set([
  'conversationGetSpecificConversation',
  'asset_snapshot',
  'assetsSpecificAssetSnapshot',
  'tagsSpecificTagSnapshot',
  'websitesSpecificWebsiteSnapshot',
  'anchorSpecificAnchorSnapshot',
  'rangesSpecificRangeSnapshot',
  'workstreamSummariesSpecificWorkstreamSummarySnapshot',
  'personSnapshot',
  'workstreamEventsSpecificWorkstreamEventSnapshot',
  'workstreamPatternEngineSourcesSpecificSourceSnapshot',
  'workstreamPatternEngineSourceWindowSpecificSourceWindowSnapshot',
  'activitiesSpecificActivitySnapshot',
  'messageSpecificMessageSnapshot',
  'annotationSpecificAnnotationSnapshot',
  'formatSnapshot',
  'formatsSpecificFormatSnapshot',
  'modelsSpecificModelSnapshot',
  'hintSpecificHintSnapshot',
  'sensitiveSnapshot',
  'shareSnapshot',
  'sharesSpecificShareSnapshot',
  'anchorPointSpecificAnchorPointSnapshot',
  'relationshipsSpecificRelationshipSnapshot',
  'formatAnalysis',
])

/** The status the spec allows an operation to fail with: 410 on the two snapshot reads, 500 elsewhere. */
export function errorStatusOf(operation: Operation): number {
  return GONE_READS.has(operation.id) ? 410 : 500
}

/** The record kind each path parameter of the route table names. */
export const KIND_OF_PARAM: Readonly<Record<string, RecordKind>> = {
  conversation: 'conversation',
  asset: 'asset',
  anchor: 'anchor',
  range: 'range',
  website: 'website',
  workstream_summary: 'workstreamSummary',
  source: 'source',
  source_window: 'sourceWindow',
  message: 'message',
  tag: 'tag',
  annotation: 'annotation',
  format: 'format',
  activity: 'activity',
  additional_message: 'message',
  application: 'application',
  model: 'model',
  user: 'user',
  person: 'person',
  additional_person: 'person',
  workstream_event: 'workstreamEvent',
  hint: 'hint',
  sensitive: 'sensitive',
  share: 'share',
  anchor_point: 'anchorPoint',
  relationship: 'format',
  vision_event: 'workstreamEvent',
}

export function paramsOf(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1))
}

/** Every (operation, path) pair of the route table. */
export const ROUTES = OPERATIONS.flatMap((operation) => operation.paths.map((path) => ({ operation, path })))

/** Puts already-encoded segments in place of a path's `:name` parameters. */
export function fillPath(path: string, segments: Readonly<Record<string, string>>): string {
  return path.replace(/:([a-z_]+)/g, (_match, name: string) => {
    const segment = segments[name]
    if (segment === undefined) throw new Error(`No value for the path parameter "${name}" of ${path}.`)
    return segment
  })
}

/**
 * An existing id for every path parameter of the route table: the first
 * conversation, one of its messages, the first asset, and so on. A parameter
 * the table gains without an entry here fails loudly.
 */
export function existingIds(store: Store): Record<string, string> {
  const first = <K extends RecordKind>(kind: K) => {
    const record = store.all(kind)[Symbol.iterator]().next().value
    if (!record) throw new Error(`The fixtures have no ${kind}.`)
    return record.id
  }
  const conversation = store.get('conversation', first('conversation'))!
  const ids: Record<string, string> = {}
  for (const [param, kind] of Object.entries(KIND_OF_PARAM)) ids[param] = first(kind)
  ids.message = conversation.messages[0]!
  // A message is linked with another, never with itself.
  ids.additional_message = conversation.messages[1]!
  // Nor is a person linked with themself.
  const [person, additionalPerson] = store.all('person')
  if (!person || !additionalPerson) throw new Error('The fixtures have fewer than two persons.')
  ids.person = person.id
  ids.additional_person = additionalPerson.id
  // Only a custom model can be updated and deleted.
  const custom = [...store.all('model')].find((model) => model.custom)
  if (!custom) throw new Error('The fixtures have no custom model.')
  ids.model = custom.id
  // A cloud lives on its user's record; a distribution in the distributions machine part.
  const cloud = [...store.all('user')].find((user) => user.allocation)?.allocation
  if (!cloud) throw new Error('The fixtures have no user with a cloud.')
  ids.allocation = cloud.id
  const distributions = store.get('machinePart', 'distributions')?.state.items as Array<{ id: string }> | undefined
  if (!distributions?.[0]) throw new Error('The fixtures have no distribution.')
  ids.distribution = distributions[0].id
  // The installers' and the backups' ids live in their machine parts: the deployment and the backup each starts with.
  ids.identifier = FIRST_DEPLOYMENT_ID
  ids.backup = FIRST_BACKUP_ID
  for (const { path } of ROUTES) {
    for (const param of paramsOf(path)) {
      if (!(param in ids))
        throw new Error(`The route ${path} has a parameter "${param}" the reliability tests do not know.`)
    }
  }
  return ids
}

/** The store as JSON: equal before and after means the request changed nothing. */
export function fingerprint(store: Store): string {
  return JSON.stringify(store.snapshot())
}

/**
 * Checks that a response is a clear error: one of the allowed statuses, a
 * non-empty text/plain body and no stack trace. Returns the body.
 */
export async function expectCleanError(
  response: Response,
  statuses: readonly number[],
  message?: RegExp,
): Promise<string> {
  const text = await response.text()
  const context = `${response.status} ${JSON.stringify(text.slice(0, 300))}`
  expect(statuses, context).toContain(response.status)
  expect(response.headers.get('content-type'), context).toMatch(/^text\/plain/)
  expect(text.trim(), context).not.toBe('')
  expect(text, context).not.toContain('\n    at ')
  expect(text, context).not.toMatch(/\n\s+at .+:\d+/)
  if (message) expect(text, context).toMatch(message)
  return text
}

/** Segments a URL path may carry as an id that no record has: encoded slashes, NUL, unicode, bad escapes. */
const hostilePiece = fc.oneof(
  fc.constantFrom(
    '%2F',
    '%2f',
    '%00',
    '%5C',
    '%25',
    '%20',
    '%0A',
    '%0D',
    '%09',
    '%3F',
    '%23',
    '%2E%2E%2F',
    '%C0%AF',
    '%FF',
    '%E2%80%AE',
    '%',
    '%zz',
    '%E0%A4',
    '%u0041',
    "!$&'()*+,;=:@~",
    '%7B%7D',
    '%22',
    '%3Cscript%3E',
    '%EF%BF%BF',
    '%F4%8F%BF%BF',
    '1e999',
    '-0',
    '99999999999999999999999999999',
    'NaN',
    'null',
    'undefined',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
  fc.uuid().map(String),
)

/** Static segments that would make a "hostile id" another route: every fixed segment of a path of the client. */
const RESERVED_SEGMENTS = new Set(
  clientOperations.flatMap((operation) =>
    operation.path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')),
  ),
)

function decodedOrRaw(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * A path segment (already percent-encoded as it goes on the wire) that names no
 * record: short hostile mixes, or very long ids of up to about 3,000 characters.
 */
export const hostileSegment: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.array(hostilePiece, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join('')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 1001, max: 2900 }),
          fc.array(hostilePiece, { maxLength: 3 }),
          fc.constantFrom('x', 'é', '%41'),
        )
        .map(([length, pieces, filler]) => {
          const unit = filler === 'é' ? encodeURIComponent(filler) : filler
          return unit.repeat(Math.floor(length / unit.length)) + pieces.join('')
        }),
    },
  )
  .filter((segment) => {
    const decoded = decodedOrRaw(segment)
    return !/^\.{1,2}$/.test(decoded) && !/^(%2e|\.){1,2}$/i.test(segment) && !RESERVED_SEGMENTS.has(decoded)
  })

/** An id as it may arrive inside a JSON body: unknown, long, with slashes, NUL or unicode. */
export const hostileBodyId: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map(String),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.constantFrom('a/b', '../../etc/passwd', 'a\u0000b', '💥', '\u202e', '%2F', ' '),
  fc.integer({ min: 1001, max: 3000 }).map((length) => 'y'.repeat(length)),
)

/** Waits for `/.well-known/health` to answer 200: the server is still up. */
export async function expectHealthy(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/.well-known/health`)
  expect(response.status).toBe(200)
  expect(await response.text()).toBe('ok')
}
