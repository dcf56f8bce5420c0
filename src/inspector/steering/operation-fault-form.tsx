import { useState } from 'preact/hooks'
import type { OperationName } from '../../routes/operation-names.js'
import type { Connection } from '../live/connection.js'
import { NumberField } from './number-field.js'
import { TimesField } from './times-field.js'
import { whole } from '../whole.js'

/**
 * The form that adds a fault on an operation: a status or a network error,
 * a delay, and how many times.
 *
 * @example
 * <OperationFaultForm operations={overview.operations} connection={connection} act={act} />
 */
export function OperationFaultForm({
  operations,
  connection,
  act,
}: {
  operations: readonly string[]
  connection: Connection
  act: (call: () => Promise<unknown>) => void
}) {
  const [fault, setFault] = useState({ operation: '', status: '500', delayMs: '', times: '1', networkError: false })
  const field = (key: 'status' | 'delayMs' | 'times') => (text: string) => setFault({ ...fault, [key]: text })

  const addFault = (event: Event) => {
    event.preventDefault()
    const status = whole(fault.status)
    const delayMs = whole(fault.delayMs)
    const times = whole(fault.times)
    act(() =>
      connection.addFault({
        operation: fault.operation.trim() as OperationName,
        ...(fault.networkError ? { networkError: true } : status !== undefined && { status }),
        ...(delayMs !== undefined && { delayMs }),
        ...(times !== undefined && { times }),
      }),
    )
  }

  return (
    <form class="cam-form" onSubmit={addFault} aria-label="add fault">
      <input
        placeholder="operation"
        aria-label="fault operation"
        list="cam-fault-operations"
        required
        value={fault.operation}
        onInput={(event) => setFault({ ...fault, operation: event.currentTarget.value })}
      />
      <datalist id="cam-fault-operations">
        {operations.map((name) => (
          <option value={name} key={name} />
        ))}
      </datalist>
      <NumberField
        label="status"
        min="200"
        max="599"
        ariaLabel="fault status"
        value={fault.status}
        onValue={field('status')}
      />
      <label>
        <input
          type="checkbox"
          checked={fault.networkError}
          onChange={(event) => setFault({ ...fault, networkError: event.currentTarget.checked })}
        />
        network error
      </label>
      <NumberField label="delay ms" min="0" ariaLabel="fault delay" value={fault.delayMs} onValue={field('delayMs')} />
      <TimesField ariaLabel="fault times" value={fault.times} onValue={field('times')} />
      <button type="submit">Add fault</button>
    </form>
  )
}
