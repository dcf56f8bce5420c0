import { FIXTURE_FILES, type FixtureSet } from '../seeding/fixture-files.js'
import { FixtureError } from '../seeding/fixture-error.js'
import type { LogFrame } from './change-log-format.js'
import { PERSISTED_FORMAT, PERSISTED_VERSION } from './persisted-format.js'
import { replayFrames, type RawState } from './replay-frames.js'
import { validateFixtures } from '../seeding/validate-fixtures.js'
import type { RecordSet, StoreSnapshot, StoreTombstones } from '../store/create-store.js'
import { RECORD_KINDS, type RecordKind } from '../store/schemas/schemas.js'

/**
 * A persisted state that cannot be loaded; the message says where and why,
 * and the stored state is left as it was.
 *
 * @example
 * await startStandaloneServer({ persist: 'state.json' }).catch((error) => error instanceof PersistedStateError)
 */
export class PersistedStateError extends Error {
  override readonly name = 'PersistedStateError'
}

/**
 * A store snapshot as the text a demo keeps between runs.
 *
 * @example
 * localStorage.setItem(key, serializeState(service.snapshot()))
 */
export function serializeState(snapshot: StoreSnapshot): string {
  return JSON.stringify({
    format: PERSISTED_FORMAT,
    version: PERSISTED_VERSION,
    seq: 0,
    records: snapshot.records,
    gone: snapshot.gone,
  })
}

/**
 * The text of {@link serializeState} in pieces of about `pieceSize` characters
 * (at least one record each), so a large state can be written a piece at a
 * time, letting requests be answered in between. Records are never edited in
 * place, so a snapshot taken before the first piece stays the same throughout.
 *
 * @example
 * for (const piece of serializeStateInPieces(service.store.snapshot())) await handle.write(piece)
 */
export function* serializeStateInPieces(
  snapshot: StoreSnapshot,
  { pieceSize = 256 * 1024, seq = 0 }: { pieceSize?: number; seq?: number } = {},
): Generator<string> {
  // `seq`: the last logged write the state holds; a log's frames up to it are not replayed on load.
  let piece = `{"format":${JSON.stringify(PERSISTED_FORMAT)},"version":${PERSISTED_VERSION},"seq":${seq},"records":{`
  let firstKind = true
  for (const [kind, records] of Object.entries(snapshot.records)) {
    if (records === undefined) continue
    piece += `${firstKind ? '' : ','}${JSON.stringify(kind)}:[`
    firstKind = false
    for (let index = 0; index < records.length; index++) {
      piece += (index === 0 ? '' : ',') + JSON.stringify(records[index])
      if (piece.length >= pieceSize) {
        yield piece
        piece = ''
      }
    }
    piece += ']'
  }
  yield `${piece}},"gone":${JSON.stringify(snapshot.gone)}}`
}

/**
 * Reads a persisted state back, validating every record and link as fixtures
 * are validated. Anything else — not JSON, another format or version, a bad
 * record — is a {@link PersistedStateError} naming `source`.
 *
 * @example
 * const snapshot = parseState(text, '/tmp/demo-state.json')
 */
export function parseState(text: string, source: string): StoreSnapshot {
  return parsePersistedState(text, source).snapshot
}

/** A persisted state read back: its records, and the sequence number of the last logged write it holds. */
export interface PersistedState {
  readonly snapshot: StoreSnapshot
  readonly seq: number
}

/**
 * Reads a persisted state back as {@link parseState} does, after replaying
 * the log `frames` newer than the state (those whose `seq` is past the
 * state's own), so the records are validated once, with every logged write.
 *
 * @example
 * const { snapshot, seq } = parsePersistedState(text, 'state.json', decodeLog(logBytes).frames)
 */
export function parsePersistedState(text: string, source: string, frames: readonly LogFrame[] = []): PersistedState {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new PersistedStateError(
      `Failed to load the persisted state in ${source}: it is not JSON (${(error as Error).message}). Fix or remove it; it was left as it is.`,
    )
  }
  const state = parsed as { format?: unknown; version?: unknown; seq?: unknown; records?: unknown; gone?: unknown }
  if (typeof parsed !== 'object' || parsed === null || state.format !== PERSISTED_FORMAT) {
    throw new PersistedStateError(
      `Failed to load the persisted state in ${source}: it is not a ${PERSISTED_FORMAT} file. Point to a file this mock wrote, or remove it.`,
    )
  }
  if (state.version !== PERSISTED_VERSION) {
    throw new PersistedStateError(
      `Failed to load the persisted state in ${source}: it is version ${String(state.version)}, this mock reads version ${PERSISTED_VERSION}. Remove it to start from the fixtures.`,
    )
  }
  const stateSeq = Number.isSafeInteger(state.seq) ? (state.seq as number) : 0
  return stateFromRaw(
    { records: (state.records ?? {}) as Record<string, unknown>, gone: (state.gone ?? {}) as Record<string, unknown> },
    stateSeq,
    source,
    frames,
  )
}

/** The most records a damaged file may lose to validation before it is refused whole. */
const MAX_DROPPED = 1000

/**
 * A persisted state from its raw records (as a state file held them, the
 * log `frames` newer than `stateSeq` replayed), every record and link
 * validated. Without `dropped` a bad record is a
 * {@link PersistedStateError}; with it (a damaged file, loaded as far as it
 * can be) the record at fault is left out, said in `dropped`, and the rest
 * validated again — up to 1000 records, past which the file is refused.
 *
 * @example
 * const { snapshot, seq } = stateFromRaw({ records, gone }, 12, 'state.json', frames, dropped)
 */
export function stateFromRaw(
  raw: RawState,
  stateSeq: number,
  source: string,
  frames: readonly LogFrame[] = [],
  dropped?: string[],
): PersistedState {
  const replayed = replayFrames(
    raw.records,
    raw.gone,
    frames.filter((frame) => frame.seq > stateSeq),
  )
  if ('problem' in replayed) {
    throw new PersistedStateError(
      `Failed to load the persisted state in ${source}: ${replayed.problem} Fix or remove it; it was left as it is.`,
    )
  }
  const records = validated(replayed.records as Record<string, unknown>, source, dropped)
  const gone: Record<string, string[]> = {}
  const rawGone = replayed.gone
  for (const kind of RECORD_KINDS) {
    let ids = rawGone[kind] ?? []
    if (dropped && Array.isArray(ids) && ids.some((id) => typeof id !== 'string')) {
      dropped.push(`${source}: gone.${kind} holds ids that are not text; they are left out`)
      ids = ids.filter((id) => typeof id === 'string')
    }
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
      throw new PersistedStateError(
        `Failed to load the persisted state in ${source}: gone.${kind} is not a list of ids. Fix or remove it; it was left as it is.`,
      )
    }
    gone[kind] = ids as string[]
  }
  return { snapshot: { records, gone: gone as StoreTombstones }, seq: Math.max(stateSeq, frames.at(-1)?.seq ?? 0) }
}

/** The records validated; with `dropped`, each record at fault is left out and said there, and the rest tried again. */
function validated(records: Record<string, unknown>, source: string, dropped: string[] | undefined): RecordSet {
  const remaining = { ...records }
  for (let drops = 0; ; drops++) {
    try {
      return validateFixtures(remaining as FixtureSet, { source })
    } catch (error) {
      const detail = (error as Error).message
        .replace(/^Failed to load fixtures: /, '')
        .replace(/\s*Fix the fixture and load it again\.$/, '')
      const kind = error instanceof FixtureError ? kindOfFile(error.file) : undefined
      const list = kind ? remaining[kind] : undefined
      const at = Array.isArray(list) ? lastIndexOfId(list, (error as FixtureError).recordId) : -1
      if (!dropped || drops >= MAX_DROPPED || at === -1) {
        throw new PersistedStateError(
          `Failed to load the persisted state in ${source}: ${detail} Fix or remove it; it was left as it is.`,
        )
      }
      remaining[kind!] = (list as unknown[]).filter((_, index) => index !== at)
      dropped.push(`${detail}; that record is left out`)
    }
  }
}

/** The kind whose fixture file a FixtureError names. */
function kindOfFile(file: string): RecordKind | undefined {
  return RECORD_KINDS.find((kind) => file.endsWith(`/${FIXTURE_FILES[kind]}`) || file === FIXTURE_FILES[kind])
}

/** Where the record with `id` (or at `#<position>`, as a record without an id is named) last is in `list`. */
function lastIndexOfId(list: readonly unknown[], id: string | undefined): number {
  if (id === undefined) return -1
  const position = /^#(\d+)$/.exec(id)
  for (let index = list.length - 1; index >= 0; index--) {
    if ((list[index] as { id?: unknown } | null)?.id === id) return index
  }
  return position ? Number(position[1]) : -1
}
