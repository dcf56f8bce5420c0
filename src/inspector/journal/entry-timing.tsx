import type { JournalEntry } from '../../control/journal/journal-entry.js'

/** The phases in the order they happen, with the words a row reads. */
const PHASES = [
  ['queued', 'request received → handler start'],
  ['handled', 'operation run'],
  ['written', 'answer serialized and written'],
  ['streamed', 'first piece → last piece'],
] as const

/**
 * A request's phases in the mock as a small waterfall: a row per phase
 * (queued, handled, written, and streamed for a streamed answer) with its
 * milliseconds and a bar placed where it falls in the whole.
 *
 * @example
 * <EntryTiming timing={entry.timing} />
 */
export function EntryTiming({ timing }: { timing: JournalEntry['timing'] }) {
  if (!timing) return null
  const rows = PHASES.flatMap(([phase, words]) => {
    const ms = timing[phase]
    return ms === undefined ? [] : [{ phase, words, ms }]
  })
  const total = rows.reduce((sum, row) => sum + row.ms, 0)
  let before = 0
  return (
    <table class="cam-timing" aria-label="timing">
      <tbody>
        {rows.map(({ phase, words, ms }) => {
          const left = total > 0 ? (before / total) * 100 : 0
          const width = total > 0 ? (ms / total) * 100 : 0
          before += ms
          return (
            <tr key={phase} data-phase={phase}>
              <th scope="row" title={words}>
                {phase}
              </th>
              <td class="cam-timing-ms">{ms.toFixed(2)} ms</td>
              <td class="cam-timing-track" aria-hidden="true">
                <span
                  class={`cam-timing-bar cam-timing-${phase}`}
                  style={{ marginLeft: `${left}%`, width: `max(${width}%, 2px)` }}
                />
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
