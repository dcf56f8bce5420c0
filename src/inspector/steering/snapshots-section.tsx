import { useRef, useState } from 'preact/hooks'
import type { ViewProps } from '../view-props.js'
import { SnapshotRow } from './snapshot-row.js'
import { SnapshotDiffView } from '../records/snapshot-diff-view.js'
import { ActionError, inScope } from '../action-error.js'
import { StateSection } from './state-section.js'
import { useFocusAfterRemoval } from '../use-focus-after-removal.js'

/**
 * Snapshots of the store: taken with a name if given one, restored and
 * deleted from their rows; and the whole state exported and imported
 * ({@link StateSection}).
 *
 * @example
 * <SnapshotsSection {...props} />
 */
export function SnapshotsSection({ connection, live, act: run }: ViewProps) {
  const act = inScope(run, 'snapshots')
  const overview = live.overview!
  const [name, setName] = useState('')
  const [compared, setCompared] = useState<string>()
  const shown = overview.snapshots.find((snapshot) => snapshot.id === compared)
  const nameField = useRef<HTMLInputElement>(null)
  const focusAfter = useFocusAfterRemoval()
  const snapshots = overview.snapshots
  return (
    <section aria-label="snapshots">
      <h2>Snapshots</h2>
      <form
        class="cam-form"
        onSubmit={(event) => {
          event.preventDefault()
          const given = name.trim()
          act(async () => {
            await connection.takeSnapshot(given === '' ? undefined : given)
            setName('')
          })
        }}
      >
        <input
          ref={nameField}
          aria-label="snapshot name"
          placeholder="name (optional)"
          maxLength={80}
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit">Take snapshot</button>
      </form>
      {snapshots.length === 0 && <p class="cam-note">No snapshots taken.</p>}
      <ul class="cam-rows" aria-label="snapshots taken">
        {snapshots.map((snapshot, at) => {
          const neighbour = snapshots[at + 1] ?? snapshots[at - 1]
          const deleting = (button: HTMLElement) => {
            const list = button.closest('ul')
            const label = neighbour && `delete ${neighbour.name ?? neighbour.id}`
            focusAfter(button, () => [
              label === undefined
                ? undefined
                : list?.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(label)}"]`),
              nameField.current,
            ])
          }
          return (
            <SnapshotRow
              key={snapshot.id}
              {...{ snapshot, compared, connection, act, deleting }}
              compare={setCompared}
            />
          )
        })}
      </ul>
      <ActionError scope="snapshots" />
      {shown && (
        <SnapshotDiffView
          key={shown.id}
          connection={connection}
          snapshot={shown.id}
          name={shown.name ?? shown.id}
          others={snapshots.filter((snapshot) => snapshot.id !== shown.id)}
          version={live.version}
          close={() => setCompared(undefined)}
        />
      )}
      <StateSection connection={connection} live={live} act={run} />
    </section>
  )
}
