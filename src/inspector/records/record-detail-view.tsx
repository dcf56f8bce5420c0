import type { RecordDetail } from '../../control/inspection/inspection.js'
import type { Selection, ViewProps } from '../view-props.js'
import { formatInstant } from '../format.js'
import { JsonTree } from './json-tree.js'
import { ActionError } from '../action-error.js'
import { RecordLinks } from './record-links.js'
import { RowLabel } from './row-label.js'

/**
 * One record: its label, a delete button for a live asset, what is known of
 * it once deleted, its links both ways and its wire form.
 *
 * @example
 * <RecordDetailView connection={connection} act={act} detail={detail} select={select} />
 */
export function RecordDetailView({
  connection,
  act,
  detail,
  select,
}: Pick<ViewProps, 'connection' | 'act'> & { detail: RecordDetail; select: (selection: Selection) => void }) {
  return (
    <>
      <h2>
        <RowLabel row={detail} />
      </h2>
      <div class="cam-id">
        {detail.kind} {detail.id}
      </div>
      {detail.kind === 'asset' && !detail.gone && (
        <p>
          <button
            class="cam-btn cam-danger"
            onClick={() => act(() => connection.removeAsset(detail.id), 'record')}
            title="Deletes it as another client would: its reads answer 410 and every link to it goes"
          >
            Delete from another client
          </button>
        </p>
      )}
      {detail.kind === 'asset' && <ActionError scope="record" />}
      {detail.gone && (
        <p class="cam-note" aria-label="deletion">
          {detail.deletedAt
            ? `Deleted at ${formatInstant(detail.deletedAt)}: it was the ${detail.kind} “${detail.label}”. `
            : 'Deleted before the mock could see what it was (loaded as a tombstone). '}
          The store keeps its id as a tombstone, so{' '}
          {detail.kind === 'asset' ? 'reads answer 410' : 'reads say it is gone'}.
        </p>
      )}
      <RecordLinks links={detail.links} select={select} />
      {detail.wire !== undefined && (
        <>
          <h3>Wire form (as the official client receives it)</h3>
          <JsonTree label="wire form" value={detail.wire} />
        </>
      )}
    </>
  )
}
