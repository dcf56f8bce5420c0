import { z } from 'zod'
import { MockServiceError } from '../../errors.js'
import { PERSISTED_FORMAT, PERSISTED_VERSION } from '../../persistence/persisted-format.js'
import { parseState, PersistedStateError, serializeState } from '../../persistence/persisted-state.js'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { json, noContent, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

/** The ExportedDatabase fields the service fills with its own tables' bytes: empty here, the state file says it all. */
const TABLES = [
  'analyses',
  'applications',
  'assets',
  'codeAnalyses',
  'files',
  'formatMetrics',
  'formats',
  'fragments',
  'imageAnalyses',
  'models',
  'ocrAnalyses',
  'persons',
  'sensitives',
  'tags',
  'websites',
] as const

const exportedDatabaseInput = lazySchema(() =>
  z
    .object({
      version: z.string(),
      values: z.object({
        iterable: z.array(z.object({ id: z.string(), raw: z.array(z.number().int().min(0).max(255)) }).loose()),
      }),
    })
    .loose(),
)

/**
 * `GET /database/export`: the whole store (records, tombstones and machine
 * parts) as a `--persist` state file, its UTF-8 bytes the one value of the
 * ExportedDatabase, named by the state file's format.
 *
 * @example
 * await exportDatabase(context) // { version: '1', values: { iterable: [{ id: 'conversation-asset-mock/state', raw: [123, …] }] }, … }
 */
export function exportDatabase(context: OperationContext): OperationResult {
  const text = serializeState(context.store.snapshot())
  const raw = Array.from(new TextEncoder().encode(text))
  return json({
    ...Object.fromEntries(TABLES.map((table) => [table, []])),
    version: String(PERSISTED_VERSION),
    values: { iterable: [{ id: PERSISTED_FORMAT, raw }] },
  })
}

/**
 * `POST /database/import`: replaces the store with an export of this mock;
 * anything else (another format or version, bytes that are not a state file)
 * is refused with what was wrong, and the store keeps what it holds.
 *
 * @example
 * await importDatabase(context) // 204
 */
export async function importDatabase(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'ExportedDatabase')
  const input = parseBody(exportedDatabaseInput, context.request.body, 'ExportedDatabase')
  const value = input.values.iterable.find((entry) => entry.id === PERSISTED_FORMAT)
  if (!value) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Failed to import the database: it holds no value named ${JSON.stringify(PERSISTED_FORMAT)}, so it is not an export of this mock. Import what GET /database/export answered; nothing was changed.`,
    )
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(value.raw))
  } catch {
    throw new MockServiceError(
      'INVALID_REQUEST',
      'Failed to import the database: its state file is not UTF-8 text. Import what GET /database/export answered; nothing was changed.',
    )
  }
  let snapshot
  try {
    snapshot = parseState(text, 'the imported database')
  } catch (error) {
    if (!(error instanceof PersistedStateError)) throw error
    // The state file's own words say what is wrong; what to do differs from a file on disk.
    const reason = error.message.replace(/^Failed to load the persisted state in the imported database: /, '')
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Failed to import the database: ${reason.split('. ')[0]}. Import what GET /database/export answered; nothing was changed.`,
    )
  }
  await context.store.replaceAll(snapshot.records, snapshot.gone)
  return noContent()
}
