import { useState } from 'preact/hooks'
import type { LatencySettings } from '../../../control/latency/latency.js'
import { useFocusAfterRowRemoval } from '../../use-focus-after-removal.js'
import { whole } from '../../whole.js'
import { NumberField } from '../number-field.js'

/**
 * The operations that wait their own time instead of the default, each with
 * Remove, and the form that sets one (an operation id and milliseconds). The
 * form is there from the first draw, before the settings load, so the
 * controls of the section never move under the keyboard. Each change is made
 * to the settings in force when it is sent, the default and jitter kept.
 * After Remove, focus goes to the next operation's Remove, or to the Latency
 * heading.
 *
 * @example
 * <OperationWaits settings={settings} operations={['assetsSnapshot']} change={(edit) => changed(edit)} />
 */
export function OperationWaits({
  settings,
  operations,
  change,
}: {
  /** The settings shown; undefined until they load. */
  settings: LatencySettings | undefined
  operations: readonly string[]
  /** Sends the settings `edit` makes of those in force. */
  change: (edit: (current: LatencySettings) => LatencySettings) => void
}) {
  const [typed, setTyped] = useState({ operation: '', ms: '' })
  const focusAfterRow = useFocusAfterRowRemoval()
  const own = Object.entries(settings?.perOperation ?? {})
  const remove = (button: HTMLElement, at: number) => {
    focusAfterRow(button, (own[at + 1] ?? own[at - 1])?.[0])
    const [operation] = own[at]!
    change((current) =>
      withWaits(current, (waits) => Object.fromEntries(Object.entries(waits).filter(([name]) => name !== operation))),
    )
  }
  const add = (event: Event) => {
    event.preventDefault()
    const operation = typed.operation.trim()
    const ms = whole(typed.ms) ?? 0
    change((current) => withWaits(current, (waits) => ({ ...waits, [operation]: ms })))
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

/** `current` with its operations' waits edited, the default and jitter kept. */
function withWaits(
  current: LatencySettings,
  edit: (waits: Record<string, number>) => Record<string, number>,
): LatencySettings {
  const perOperation = edit({ ...current.perOperation })
  return {
    ...(current.default !== undefined && { default: current.default }),
    ...(current.jitter !== undefined && { jitter: current.jitter }),
    ...(Object.keys(perOperation).length > 0 && { perOperation }),
  }
}
