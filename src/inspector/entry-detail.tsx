import { useState } from 'preact/hooks'
import type { JournalDetail } from '../control/inspection.js'
import type { CallExpectation } from '../control/verify-calls.js'
import type { OperationName } from '../routes/operation-names.js'
import type { ViewProps } from './view-props.js'
import { copyText, JsonTree } from './json-tree.js'
import { curlOf, fetchOf } from './request-snippets.js'
import { ActionError } from './action-error.js'
import { SessionFramesView } from './session-frames-view.js'

/**
 * One journal entry: its request and response as folding JSON, and what to
 * do from it: copy it as cURL or `fetch`, fault its operation once, or fill
 * the verify form with it.
 *
 * @example
 * <EntryDetail {...props} detail={detail} verifyLike={setVerifyPreset} />
 */
export function EntryDetail({
  connection,
  act,
  detail,
  verifyLike,
}: ViewProps & { detail: JournalDetail; verifyLike: (expectation: CallExpectation) => void }) {
  const { entry, response } = detail
  const [said, setSaid] = useState<string>()
  const copy = (text: string) =>
    copyText(text).then(setSaid, () => setSaid(`Could not copy: the browser refused. Here it is:\n${text}`))
  return (
    <>
      <h2>
        {entry.method} {entry.path}
      </h2>
      <div class="cam-id">
        #{detail.id} {entry.operation} at {entry.at}, {entry.durationMs.toFixed(1)} ms
        {entry.faultId ? `, answered by ${entry.faultId}` : ''}
      </div>
      {!entry.websocket && (
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
                setSaid(`The next ${entry.operation} answers 500 (see Steering to change or remove it).`)
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
        </div>
      )}
      <ActionError scope="entry" />
      {said && (
        <p class="cam-note cam-said" role="status">
          {said}
        </p>
      )}
      {entry.websocket && (
        <>
          <h3>WebSocket</h3>
          <JsonTree label="websocket" value={entry.websocket} />
          {detail.frames && <SessionFramesView frames={detail.frames} />}
        </>
      )}
      <h3>Request</h3>
      <JsonTree label="request" value={{ params: entry.params, query: entry.query, body: entry.body }} />
      {!entry.websocket && (
        <>
          <h3>
            Response {response ? `${response.status === 0 ? 'network error' : response.status}` : ''}
            {response?.contentType ? ` ${response.contentType}` : ''}
          </h3>
          {response ? (
            <>
              <JsonTree label="response" value={response.body} />
              {response.truncated && <p class="cam-note">Only the first 64 KiB of the body is kept.</p>}
            </>
          ) : (
            <p class="cam-note">Not kept: the journal keeps the newest 8 MiB of response bodies.</p>
          )}
        </>
      )}
    </>
  )
}
