import type { JournalDetail } from '../../control/inspection/inspection.js'
import type { CallExpectation } from '../../control/verify/verify-calls.js'
import type { OperationName } from '../../routes/operation-names.js'
import type { ViewProps } from '../view-props.js'
import { curlOf, fetchOf } from './request-snippets.js'
import { StubThisAnswer } from './stub-this-answer.js'

/**
 * What to do from a journal entry: copy it as cURL or `fetch`, fault its
 * operation once, fill the verify form with it, or stub its answer.
 *
 * @example
 * <EntryActions connection={connection} act={act} entry={entry} copy={copy} say={setSaid} verifyLike={verifyLike} />
 */
export function EntryActions({
  connection,
  act,
  entry,
  copy,
  say,
  verifyLike,
  response,
}: Pick<ViewProps, 'connection' | 'act'> & {
  entry: JournalDetail['entry']
  copy: (text: string) => void
  say: (text: string) => void
  verifyLike: (expectation: CallExpectation) => void
  /** The answer as the journal kept it, for "Stub this answer". */
  response?: JournalDetail['response']
}) {
  return (
    <div class="cam-form" role="group" aria-label="entry actions">
      <button class="cam-btn" onClick={() => copy(curlOf(entry, connection.baseUrl))}>
        Copy as cURL
      </button>
      <button class="cam-btn" onClick={() => copy(fetchOf(entry, connection.baseUrl))}>
        Copy as fetch
      </button>
      <button
        class="cam-btn"
        onClick={() => {
          act(async () => {
            await connection.addFault({ operation: entry.operation as OperationName, status: 500, times: 1 })
            say(`The next ${entry.operation} answers 500 (see Steering to change or remove it).`)
          }, 'entry')
        }}
      >
        Fault this operation
      </button>
      <button
        class="cam-btn"
        onClick={() =>
          verifyLike({
            operation: entry.operation as OperationName,
            ...(Object.keys(entry.params).length > 0 && { params: entry.params }),
            ...(Object.keys(entry.query).length > 0 && { query: entry.query }),
          })
        }
      >
        Verify like this
      </button>
      <StubThisAnswer {...{ connection, act, entry, response, say }} />
    </div>
  )
}
