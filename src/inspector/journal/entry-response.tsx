import type { JournalDetail } from '../../control/inspection/inspection.js'
import { JsonTree } from '../records/json-tree.js'

/**
 * A journal entry's response: its status and content type, and its body as
 * folding JSON, or why it is not kept.
 *
 * @example
 * <EntryResponse response={detail.response} />
 */
export function EntryResponse({ response }: { response: JournalDetail['response'] }) {
  return (
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
  )
}
