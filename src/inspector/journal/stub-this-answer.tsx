import type { JournalDetail } from '../../control/inspection/inspection.js'
import type { ViewProps } from '../view-props.js'
import { stubOfEntry } from './stub-of-entry.js'

/**
 * "Stub this answer": adds a stub that answers the entry's method, path and
 * query with the status, content type and body it got, every time, so the
 * next such request gets this answer whatever the store holds then. Disabled,
 * saying why, when the journal no longer holds the body whole.
 *
 * @example
 * <StubThisAnswer connection={connection} act={act} entry={entry} response={response} say={setSaid} />
 */
export function StubThisAnswer({
  connection,
  act,
  entry,
  response,
  say,
}: Pick<ViewProps, 'connection' | 'act'> & {
  entry: JournalDetail['entry']
  response: JournalDetail['response']
  say: (text: string) => void
}) {
  const made = stubOfEntry(entry, response)
  if ('why' in made)
    return (
      <>
        <button class="cam-btn" disabled aria-describedby="cam-stub-answer-why">
          Stub this answer
        </button>
        <span class="cam-note" id="cam-stub-answer-why">
          {made.why}
        </span>
      </>
    )
  const { spec } = made
  const query = spec.query ? `?${new URLSearchParams(spec.query)}` : ''
  return (
    <button
      class="cam-btn"
      onClick={() =>
        act(async () => {
          const id = await connection.addStub(spec)
          say(
            `${id}: every ${String(spec.method)} ${String(spec.path)}${query} now answers ${String(spec.answer.status)} with this body, until it is removed in Steering.`,
          )
        }, 'entry')
      }
    >
      Stub this answer
    </button>
  )
}
