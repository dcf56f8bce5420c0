import type { Connection, StubRow } from '../../live/connection.js'
import { useFocusAfterRowRemoval } from '../../use-focus-after-removal.js'
import { stubAnswers, stubMatches } from './stub-summary.js'

/**
 * The stubs waiting, in the order they match, each with what it matches,
 * what it answers, how many more times, and a Remove button. Focus goes from
 * a removed stub's button to its neighbour's, or to the section's heading
 * once none is left.
 *
 * @example
 * <StubList stubs={stubs} connection={connection} act={act} removed={reload} />
 */
export function StubList({
  stubs,
  connection,
  act,
  removed,
}: {
  stubs: readonly StubRow[]
  connection: Connection
  act: (call: () => Promise<unknown>) => void
  /** Runs once a stub is removed, so the list loads again. */
  removed: () => void
}) {
  const focusAfterRow = useFocusAfterRowRemoval()
  const remove = (button: HTMLElement, at: number) => {
    const stub = stubs[at]!
    focusAfterRow(button, (stubs[at + 1] ?? stubs[at - 1])?.id)
    act(async () => {
      await connection.removeStub(stub.id)
      removed()
    })
  }
  if (stubs.length === 0) return <p class="cam-note">No stubs waiting.</p>
  return (
    <ul class="cam-rows" aria-label="stubs waiting">
      {stubs.map((stub, at) => (
        <li key={stub.id} class="cam-form">
          <span>
            <strong>{stub.id}</strong> {stubMatches(stub)}: {stubAnswers(stub)}
          </span>
          <button class="cam-btn" aria-label={`remove ${stub.id}`} onClick={(event) => remove(event.currentTarget, at)}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  )
}
