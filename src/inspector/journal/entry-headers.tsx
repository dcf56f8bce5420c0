import type { HeaderPair } from '../../control/journal/journal-headers.js'

/**
 * Headers of a journal entry as a two-column table, in the order kept
 * (credentials already read `[redacted]`); nothing when there are none.
 *
 * @example
 * <EntryHeaders label="request headers" headers={entry.requestHeaders} />
 */
export function EntryHeaders({ label, headers }: { label: string; headers: readonly HeaderPair[] | undefined }) {
  if (!headers || headers.length === 0) return null
  return (
    <table class="cam-headers" aria-label={label}>
      <tbody>
        {headers.map(([name, value], at) => (
          <tr key={at}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
