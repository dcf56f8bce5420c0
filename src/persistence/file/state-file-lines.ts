import { PERSISTED_FORMAT, STATE_FILE_VERSION } from '../persisted-format.js'
import type { StoreSnapshot } from '../../store/create-store.js'

/**
 * The text of a state file in pieces of about `pieceSize` characters (a
 * line each at least): the header `{"format","version":2,"seq"}`, one line
 * per record `{"kind","record"}` and per tombstone `{"kind","gone"}`, then
 * `{"end":<lines>}`. No string ever holds the whole state, and a line that
 * cannot be read costs that record alone. Records are never edited in
 * place, so a snapshot taken before the first piece stays the same
 * throughout.
 *
 * @example
 * for (const piece of stateFileLines(service.store.snapshot(), 42)) await handle.write(piece)
 */
export function* stateFileLines(snapshot: StoreSnapshot, seq: number, pieceSize = 256 * 1024): Generator<string> {
  // `seq`: the last logged write the state holds; a log's frames up to it are not replayed on load.
  let piece = `${JSON.stringify({ format: PERSISTED_FORMAT, version: STATE_FILE_VERSION, seq })}\n`
  let lines = 0
  for (const [kind, records] of Object.entries(snapshot.records)) {
    const prefix = `{"kind":${JSON.stringify(kind)},"record":`
    for (const record of records ?? []) {
      piece += `${prefix}${JSON.stringify(record)}}\n`
      lines++
      if (piece.length >= pieceSize) {
        yield piece
        piece = ''
      }
    }
  }
  for (const [kind, ids] of Object.entries(snapshot.gone)) {
    const prefix = `{"kind":${JSON.stringify(kind)},"gone":`
    for (const id of ids ?? []) {
      piece += `${prefix}${JSON.stringify(id)}}\n`
      lines++
      if (piece.length >= pieceSize) {
        yield piece
        piece = ''
      }
    }
  }
  yield `${piece}{"end":${lines}}\n`
}
