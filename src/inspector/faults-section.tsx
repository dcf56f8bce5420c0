import { useState } from 'preact/hooks'
import type { FaultRow } from '../control/inspection.js'
import type { StreamName } from '../events/stream-paths.js'
import type { OperationName } from '../routes/operation-names.js'
import type { ViewProps } from './view-props.js'
import { ActionError, inScope } from './action-error.js'

/** What a fault does, in a few words. */
function effectOf(fault: FaultRow): string {
  const parts: string[] = []
  if (fault.status !== undefined) parts.push(`answers ${String(fault.status)}`)
  if (fault.networkError) parts.push('network error')
  if (fault.close) parts.push(`closes with ${String((fault.close as { code: number }).code)}`)
  if (fault.drop) parts.push('drops frames')
  if (fault.delayMs !== undefined) parts.push(`delays ${JSON.stringify(fault.delayMs)} ms`)
  return `${parts.join(', ')}, ${fault.remaining === null ? 'every time' : `${fault.remaining} more time${fault.remaining === 1 ? '' : 's'}`}`
}

/** A whole number from a form field, or undefined when it is empty. */
const whole = (text: string) => (text.trim() === '' ? undefined : Number(text))

/**
 * Faults waiting, each removable, and the forms that add one on an
 * operation or on a stream.
 *
 * @example
 * <FaultsSection {...props} />
 */
export function FaultsSection({ connection, live, act: run }: ViewProps) {
  const act = inScope(run, 'faults')
  const overview = live.overview!
  const [fault, setFault] = useState({ operation: '', status: '500', delayMs: '', times: '1', networkError: false })
  const [streamFault, setStreamFault] = useState({
    stream: 'conversations',
    effect: 'close',
    code: '4000',
    delayMs: '500',
    times: '1',
  })
  const faults = [...overview.faults, ...overview.streamFaults]

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
  const addStreamFault = (event: Event) => {
    event.preventDefault()
    const times = whole(streamFault.times)
    const effect =
      streamFault.effect === 'close'
        ? { close: { code: Number(streamFault.code) } }
        : streamFault.effect === 'drop'
          ? { drop: true }
          : { delayMs: Number(streamFault.delayMs) }
    act(() =>
      connection.addFault({
        stream: streamFault.stream as StreamName,
        ...effect,
        ...(times !== undefined && { times }),
      }),
    )
  }

  return (
    <section aria-label="faults">
      <h2>Faults</h2>
      {faults.length === 0 && <p class="cam-note">No faults waiting.</p>}
      <ul class="cam-rows">
        {faults.map((row) => (
          <li key={row.id} class="cam-form">
            <span>
              <strong>{row.id}</strong> {String(row.operation ?? `${String(row.stream)} stream`)}: {effectOf(row)}
            </span>
            <button
              class="cam-btn"
              aria-label={`remove ${row.id}`}
              onClick={() => act(() => connection.removeFault(row.id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {faults.length > 0 && (
        <button class="cam-btn" onClick={() => act(() => connection.clearFaults())}>
          Remove all faults
        </button>
      )}
      <h3>On an operation</h3>
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
          {overview.operations.map((name) => (
            <option value={name} key={name} />
          ))}
        </datalist>
        <label>
          status
          <input
            type="number"
            min="200"
            max="599"
            aria-label="fault status"
            value={fault.status}
            onInput={(event) => setFault({ ...fault, status: event.currentTarget.value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={fault.networkError}
            onChange={(event) => setFault({ ...fault, networkError: event.currentTarget.checked })}
          />
          network error
        </label>
        <label>
          delay ms
          <input
            type="number"
            min="0"
            aria-label="fault delay"
            value={fault.delayMs}
            onInput={(event) => setFault({ ...fault, delayMs: event.currentTarget.value })}
          />
        </label>
        <label>
          times
          <input
            type="number"
            min="1"
            aria-label="fault times"
            placeholder="always"
            value={fault.times}
            onInput={(event) => setFault({ ...fault, times: event.currentTarget.value })}
          />
        </label>
        <button type="submit">Add fault</button>
      </form>
      <h3>On a stream</h3>
      <form class="cam-form" onSubmit={addStreamFault} aria-label="add stream fault">
        <select
          aria-label="fault stream"
          value={streamFault.stream}
          onChange={(event) => setStreamFault({ ...streamFault, stream: event.currentTarget.value })}
        >
          {(Object.keys(overview.streams) as StreamName[]).map((stream) => (
            <option value={stream} key={stream}>
              {stream}
            </option>
          ))}
        </select>
        <select
          aria-label="stream fault effect"
          value={streamFault.effect}
          onChange={(event) => setStreamFault({ ...streamFault, effect: event.currentTarget.value })}
        >
          <option value="close">close the sockets</option>
          <option value="drop">drop the frame</option>
          <option value="delay">delay the frame</option>
        </select>
        {streamFault.effect === 'close' && (
          <label>
            code
            <input
              type="number"
              min="1000"
              max="4999"
              value={streamFault.code}
              onInput={(event) => setStreamFault({ ...streamFault, code: event.currentTarget.value })}
            />
          </label>
        )}
        {streamFault.effect === 'delay' && (
          <label>
            ms
            <input
              type="number"
              min="1"
              value={streamFault.delayMs}
              onInput={(event) => setStreamFault({ ...streamFault, delayMs: event.currentTarget.value })}
            />
          </label>
        )}
        <label>
          times
          <input
            type="number"
            min="1"
            placeholder="always"
            value={streamFault.times}
            onInput={(event) => setStreamFault({ ...streamFault, times: event.currentTarget.value })}
          />
        </label>
        <button type="submit">Add stream fault</button>
      </form>
      <ActionError scope="faults" />
    </section>
  )
}
