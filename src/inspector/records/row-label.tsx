import type { RecordRow } from '../../control/inspection/record-views.js'

/**
 * A record's label, struck through with a "gone" badge once it is deleted.
 *
 * @example
 * <RowLabel row={row} />
 */
export function RowLabel({ row }: { row: RecordRow }) {
  return (
    <>
      <span class={row.gone ? 'cam-gone' : ''}>{row.label}</span>
      {row.gone && <span class="cam-badge cam-badge-gone">gone</span>}
    </>
  )
}
