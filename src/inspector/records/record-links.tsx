import type { RecordDetail } from '../../control/inspection/inspection.js'
import type { Selection } from '../view-props.js'
import { RowLabel } from './row-label.js'

/**
 * A record's links both ways, each linked record a click away.
 *
 * @example
 * <RecordLinks links={detail.links} select={select} />
 */
export function RecordLinks({
  links,
  select,
}: {
  links: RecordDetail['links']
  select: (selection: Selection) => void
}) {
  return (
    <>
      {links.length > 0 && <h3>Links</h3>}
      {links.map((link) => (
        <div key={`${link.direction}:${link.field}`}>
          <div class="cam-note">
            {link.direction === 'from' ? `${link.field} → ${link.kind}` : `← ${link.field}`} ({link.records.length})
          </div>
          <div class="cam-links">
            {link.records.map((row) => (
              <button
                key={row.id}
                onClick={() => select({ kind: row.kind, id: row.id })}
                title={`${row.kind} ${row.id}`}
              >
                <RowLabel row={row} />
              </button>
            ))}
          </div>
        </div>
      ))}
    </>
  )
}
