import { useState } from 'preact/hooks'
import type { LatencySettings } from '../../../control/latency/latency.js'
import { useFocusAfterRowRemoval } from '../../use-focus-after-removal.js'
import { whole } from '../../whole.js'
import { NumberField } from '../number-field.js'

/**
 * The operations that wait their own time instead of the default, each with
 * Remove, and the form that sets one (an operation id and milliseconds). Each
 * change sends the whole settings, the default and jitter kept. After Remove,
 * focus goes to the next operation's Remove, or to the Latency heading.
 *
 * @example
 * <OperationWaits settings={settings} operations={['assetsSnapshot']} set={(next) => changed(() => connection.setLatency(next))} />
 */
export function OperationWaits({
  settings,
  operations,
  set,
}: {
  settings: LatencySettings
  operations: readonly string[]
  /** Sends the settings that replace those in force. */
  set: (settings: LatencySettings) => void
}) {
  const [typed, setTyped] = useState({ operation: '', ms: '' })
  const focusAfterRow = useFocusAfterRowRemoval()
  const own = Object.entries(settings.perOperation ?? {})
  const withWaits = (perOperation: Record<string, number>): LatencySettings => ({
    ...(settings.default !== undefined && { default: settings.default }),
    ...(settings.jitter !== undefined && { jitter: settings.jitter }),
    ...(Object.keys(perOperation).length > 0 && { perOperation }),
  })
  const remove = (button: HTMLElement, at: number) => {
    focusAfterRow(button, (own[at + 1] ?? own[at - 1])?.[0])
    set(withWaits(Object.fromEntries(own.filter((_, index) => index !== at))))
  }
  const add = (event: Event) => {
    event.preventDefault()
    set(withWaits({ ...settings.perOperation, [typed.operation.trim()]: whole(typed.ms) ?? 0 }))
  }

  return (
    <>
      {own.length > 0 && (
        <ul class="cam-rows" aria-label="operation waits">
          {own.map(([operation, ms], at) => (
            <li key={operation} class="cam-form">
              <span>
                {operation} waits {String(ms)} ms
              </span>
              <button
                class="cam-btn"
                aria-label={`remove ${operation}`}
                onClick={(event) => remove(event.currentTarget, at)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="cam-form" onSubmit={add} aria-label="set an operation's latency">
        <input
          placeholder="operation"
          aria-label="latency operation"
          list="cam-latency-operations"
          required
          value={typed.operation}
          onInput={(event) => setTyped({ ...typed, operation: event.currentTarget.value })}
        />
        <datalist id="cam-latency-operations">
          {operations.map((name) => (
            <option value={name} key={name} />
          ))}
        </datalist>
        <NumberField
          label="ms"
          min="0"
          required
          ariaLabel="latency operation ms"
          value={typed.ms}
          onValue={(text) => setTyped({ ...typed, ms: text })}
        />
        <button type="submit">Set operation latency</button>
      </form>
    </>
  )
}
