import { useState } from 'preact/hooks'
import type { JournalDetail } from '../../control/inspection/inspection.js'
import type { JournalEntry } from '../../control/journal/journal-entry.js'
import type { CallExpectation } from '../../control/verify/verify-calls.js'
import type { ViewProps } from '../view-props.js'
import { copyText, JsonTree } from '../records/json-tree.js'
import { EntryActions } from './entry-actions.js'
import { EntryHeaders } from './entry-headers.js'
import { EntryResponse } from './entry-response.js'
import { EntryTiming } from './entry-timing.js'
import { ActionError } from '../action-error.js'
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
      <EntryTiming timing={entry.timing} />
      {!entry.websocket && <EntryActions {...{ connection, act, entry, response, copy, verifyLike }} say={setSaid} />}
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
      <EntryHeaders label="request headers" headers={entry.requestHeaders} />
      <JsonTree
        label="request"
        value={{
          params: entry.params,
          query: shownQuery(entry),
          ...(entry.body !== undefined && { body: entry.body }),
        }}
      />
      {!entry.websocket && <EntryResponse response={response} />}
      {!entry.websocket && <EntryHeaders label="response headers" headers={entry.responseHeaders} />}
      {entry.headersTruncated && <p class="cam-note">Only the first 64 headers (8 KiB) of this entry are kept.</p>}
    </>
  )
}

/** A query as the entry shows it: each name's value, or all its values in order when the name repeated. */
function shownQuery({ query, queryPairs }: JournalEntry): Readonly<Record<string, string | string[]>> {
  if (queryPairs === undefined) return query
  const values = new Map<string, string[]>()
  for (const [name, value] of queryPairs) {
    const list = values.get(name)
    if (list) list.push(value)
    else values.set(name, [value])
  }
  const shown: Record<string, string | string[]> = {}
  for (const [name, list] of values) shown[name] = list.length === 1 ? list[0]! : list
  return shown
}
