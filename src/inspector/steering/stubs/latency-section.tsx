import { useState } from 'preact/hooks'
import type { LatencySettings } from '../../../control/latency/latency.js'
import type { ViewProps } from '../../view-props.js'
import { ActionError, inScope } from '../../action-error.js'
import { useLoad } from '../../live/use-load.js'
import { whole } from '../../whole.js'
import { NumberField } from '../number-field.js'
import { OperationWaits } from './operation-waits.js'

/**
 * How long the mock waits before it answers, as a network would: the
 * settings in force, a form that sets the default wait and its jitter (an
 * operation's own wait is kept), the operations' own waits, each removable,
 * with a form that sets one, and Clear, back to what the mock started with.
 *
 * @example
 * <LatencySection {...props} />
 */
export function LatencySection({ connection, live, act: run }: ViewProps) {
  const act = inScope(run, 'latency')
  const [revision, setRevision] = useState(0)
  const [typed, setTyped] = useState({ default: '', jitter: '' })
  const settings = useLoad(
    () => connection.latency(),
    [revision, live.steeringVersion, live.version, live.overview?.instance],
  )
  const changed = (call: () => Promise<void>) =>
    act(async () => {
      await call()
      setRevision((at) => at + 1)
    })

  const setLatency = (event: Event) => {
    event.preventDefault()
    const fallback = whole(typed.default)
    const jitter = whole(typed.jitter)
    changed(() =>
      connection.setLatency({
        ...(settings?.perOperation && { perOperation: settings.perOperation }),
        ...(fallback !== undefined && { default: fallback }),
        ...(jitter !== undefined && { jitter }),
      }),
    )
  }

  return (
    <section aria-label="latency">
      {/* Focus lands here once the last operation's wait is removed. */}
      <h2 tabIndex={-1}>Latency</h2>
      <p>{settings ? latencyText(settings) : 'Loading…'}</p>
      <form class="cam-form" onSubmit={setLatency} aria-label="set latency">
        <NumberField
          label="default ms"
          min="0"
          ariaLabel="latency default"
          value={typed.default}
          onValue={(text) => setTyped({ ...typed, default: text })}
        />
        <NumberField
          label="jitter ms"
          min="0"
          ariaLabel="latency jitter"
          value={typed.jitter}
          onValue={(text) => setTyped({ ...typed, jitter: text })}
        />
        <button type="submit">Set latency</button>
        <button type="button" onClick={() => changed(() => connection.clearLatency())}>
          Clear latency
        </button>
      </form>
      <OperationWaits
        settings={settings}
        operations={live.overview?.operations ?? []}
        change={(edit) => changed(async () => connection.setLatency(edit(await connection.latency())))}
      />
      <ActionError scope="latency" />
    </section>
  )
}

/** The settings in words: "Every answer waits 200 ms, plus up to 50 ms." */
function latencyText({ default: fallback, jitter, perOperation }: LatencySettings): string {
  const own = Object.entries(perOperation ?? {})
  if (!fallback && !jitter && own.length === 0) return 'No latency: the mock answers at once.'
  const parts = [`Every answer waits ${String(fallback ?? 0)} ms`]
  if (jitter) parts[0] += `, plus up to ${String(jitter)} ms`
  if (own.length > 0) parts.push(own.map(([operation, ms]) => `${operation} ${String(ms)} ms`).join(', '))
  return `${parts.join('; ')}.`
}
