import { useEffect, useState } from 'preact/hooks'
import type { Selection, ViewProps } from '../view-props.js'
import { useLoad } from '../live/use-load.js'
import { RecordPicker } from '../steering/record-picker.js'
import { RecordDetailView } from './record-detail-view.js'

/**
 * Records of each kind, searchable, and one record: its wire form as the
 * official client receives it and its links both ways, each a click away.
 * Deleted records are listed as gone.
 *
 * @example
 * <RecordsView {...props} selection={{ kind: 'conversation' }} select={setSelection} />
 */
export function RecordsView({
  connection,
  live,
  act,
  selection,
  select,
}: ViewProps & { selection: Selection; select: (selection: Selection) => void }) {
  const [query, setQuery] = useState('')
  const { kind, id } = selection
  const list = useLoad(() => connection.records(kind, query), [connection, kind, query, live.version])
  // null: no such record.
  const detail = useLoad(
    async () => (id === undefined ? null : ((await connection.record(kind, id)) ?? null)),
    [connection, kind, id, live.version],
  )
  // Marks the first time records are on screen (the benchmark reads it).
  useEffect(() => {
    if (list && !performance.getEntriesByName('inspector-drawn').length) {
      requestAnimationFrame(() => performance.mark('inspector-drawn'))
    }
  }, [list])

  return (
    <div class="cam-split">
      <RecordPicker {...{ selection, select, query, setQuery, list }} overview={live.overview} />
      <div class="cam-col cam-detail" aria-label="record">
        {id === undefined && <p class="cam-note">Pick a record to see its wire form and links.</p>}
        {id !== undefined && detail === null && (
          <p class="cam-note">
            No {kind} "{id}".
          </p>
        )}
        {detail && <RecordDetailView connection={connection} act={act} detail={detail} select={select} />}
      </div>
    </div>
  )
}
