import { useState } from 'preact/hooks'
import type { DiffRow, KindDiff, StoreDiff } from '../../control/inspection/snapshot-diff.js'
import type { Connection } from '../live/connection.js'
import { useLoad } from '../live/use-load.js'

const CHANGES = [
  { key: 'added', sign: '+', word: 'added' },
  { key: 'changed', sign: '~', word: 'changed' },
  { key: 'removed', sign: '−', word: 'removed' },
] as const

/**
 * A snapshot against the store now (kept current as the store changes) or
 * against another snapshot, picked beside it: per kind, the records added,
 * changed (with the fields that changed) and removed.
 *
 * @example
 * <SnapshotDiffView connection={connection} snapshot="snapshot-1" name="before the demo" others={[]} version={live.version} close={() => setCompared(undefined)} />
 */
export function SnapshotDiffView({
  connection,
  snapshot,
  name,
  others,
  version,
  close,
}: {
  connection: Connection
  snapshot: string
  name: string
  /** The other snapshots kept, to compare with instead of now. */
  others: readonly { readonly id: string; readonly name?: string }[]
  version: number
  close: () => void
}) {
  // null: the snapshot is no longer kept.
  const [against, setAgainst] = useState('')
  const diff = useLoad(
    () => connection.diffSnapshot(snapshot, against === '' ? undefined : against).catch(() => null),
    [connection, snapshot, against, version],
  )
  const target = others.find((other) => other.id === against)
  const kinds = diff ? (Object.entries(diff.kinds) as [keyof StoreDiff['kinds'], KindDiff][]) : []
  return (
    <section class="cam-diff" aria-label="snapshot diff">
      <h3>
        {target ? `From ${name} to ${target.name ?? target.id}` : `Since ${name}`}{' '}
        <select aria-label="compare with" value={against} onChange={(event) => setAgainst(event.currentTarget.value)}>
          <option value="">now</option>
          {others.map((other) => (
            <option value={other.id} key={other.id}>
              {other.name ?? other.id}
            </option>
          ))}
        </select>{' '}
        <button class="cam-btn" onClick={close}>
          Close
        </button>
      </h3>
      {diff === null && <p class="cam-note">That snapshot is no longer kept.</p>}
      {diff && kinds.length === 0 && (
        <p class="cam-note">
          {target
            ? 'Nothing changed between the two snapshots.'
            : 'Nothing changed: the store holds what the snapshot holds.'}
        </p>
      )}
      {kinds.map(([kind, changes]) => (
        <section key={kind} aria-label={`${kind} changes`}>
          <h4>
            {kind}: {CHANGES.map(({ key, word }) => `${changes.counts[key]} ${word}`).join(', ')}
          </h4>
          <ul class="cam-diff-rows">
            {CHANGES.flatMap(({ key, sign, word }) =>
              changes[key].map((row) => <DiffLine key={`${key}:${row.id}`} row={row} sign={sign} word={word} />),
            )}
          </ul>
          {CHANGES.some(({ key }) => changes.counts[key] > changes[key].length) && (
            <p class="cam-note">
              The first {Math.max(...CHANGES.map(({ key }) => changes[key].length))} of each are listed.
            </p>
          )}
        </section>
      ))}
    </section>
  )
}

function DiffLine({ row, sign, word }: { row: DiffRow; sign: string; word: string }) {
  return (
    <li class={`cam-diff-${word}`} title={row.id}>
      <span>
        {sign} {word}
      </span>{' '}
      {row.label} <span class="cam-note">{row.id}</span>
      {row.fields && <span class="cam-note"> · fields: {row.fields.join(', ')}</span>}
    </li>
  )
}
