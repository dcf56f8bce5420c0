import { useState } from 'preact/hooks'
import type { InspectorOverview } from '../../control/inspection/inspection.js'
import type { ViewProps } from '../view-props.js'
import { formatInstant } from '../format.js'
import { useMockNow } from '../use-mock-now.js'
import { ActionError } from '../action-error.js'

const MINUTE = 60_000
const ADVANCES: ReadonlyArray<readonly [string, number]> = [
  ['+1 minute', MINUTE],
  ['+1 hour', 60 * MINUTE],
  ['+1 day', 24 * 60 * MINUTE],
  ['+1 week', 7 * 24 * 60 * MINUTE],
]

/** A time typed without a zone is read in UTC, as the inspector shows times. */
const inUtc = (text: string) => {
  const trimmed = text.trim()
  return /(z|[+-]\d\d:?\d\d)$/i.test(trimmed) || /^\d{4}-\d\d-\d\d$/.test(trimmed) ? trimmed : `${trimmed}Z`
}

/**
 * The mock's clock: what time it is and whether it runs, freeze or resume
 * it, move it on, set it, or give it back the real time.
 *
 * @example
 * <ClockSection connection={connection} act={act} clock={overview.clock} live={live} />
 */
export function ClockSection({
  connection,
  act,
  clock,
  live,
}: Pick<ViewProps, 'connection' | 'act' | 'live'> & { clock: InspectorOverview['clock'] }) {
  const [at, setAt] = useState('')
  const now = useMockNow(live)
  return (
    <section aria-label="clock">
      <h2>Clock</h2>
      <p>
        {clock.frozen ? 'Frozen at ' : 'Running, now '}
        <strong>{formatInstant(now)}</strong>
        {clock.offsetMs !== 0 && !clock.frozen && <span class="cam-note"> (moved from the real time)</span>}
      </p>
      <div class="cam-form">
        <button
          class="cam-btn"
          onClick={() => act(() => connection.clock({ action: clock.frozen ? 'resume' : 'freeze' }), 'clock')}
        >
          {clock.frozen ? 'Resume' : 'Freeze'}
        </button>
        {ADVANCES.map(([label, ms]) => (
          <button
            class="cam-btn"
            key={label}
            onClick={() => act(() => connection.clock({ action: 'advance', ms }), 'clock')}
          >
            {label}
          </button>
        ))}
        <button class="cam-btn" onClick={() => act(() => connection.clock({ action: 'reset' }), 'clock')}>
          Real time
        </button>
      </div>
      <form
        class="cam-form"
        onSubmit={(event) => {
          event.preventDefault()
          act(() => connection.clock({ action: 'set', at: inUtc(at) }), 'clock')
        }}
      >
        <input
          aria-label="set clock"
          placeholder="2024-05-01T12:00:00"
          value={at}
          onInput={(event) => setAt(event.currentTarget.value)}
        />
        <button type="submit">Set (UTC)</button>
      </form>
      <ActionError scope="clock" />
    </section>
  )
}
