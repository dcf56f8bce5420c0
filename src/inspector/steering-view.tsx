import { useState } from 'preact/hooks'
import type { ViewProps } from './view-props.js'
import { formatInstant } from './format.js'
import { ScenarioSection } from './scenario-section.js'
import { SnapshotsSection } from './snapshots-section.js'
import { FaultsSection } from './faults-section.js'
import { ActionError } from './action-error.js'

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
 * Steering: reset, scenarios, snapshots, the clock, and faults on
 * operations and streams.
 *
 * @example
 * <SteeringView {...props} />
 */
export function SteeringView({ connection, live, act }: ViewProps) {
  const overview = live.overview
  const [at, setAt] = useState('')
  const [assetId, setAssetId] = useState('')
  if (!overview) return <div class="cam-col cam-wide cam-note">Loading…</div>

  return (
    <div class="cam-col cam-wide cam-steer">
      <div>
        <ScenarioSection {...{ connection, live, act }} />
        <SnapshotsSection {...{ connection, live, act }} />

        <section aria-label="clock">
          <h2>Clock</h2>
          <p>
            {overview.clock.frozen ? 'Frozen at ' : 'Running, now '}
            <strong>{formatInstant(overview.clock.now)}</strong>
            {overview.clock.offsetMs !== 0 && !overview.clock.frozen && (
              <span class="cam-note"> (moved from the real time)</span>
            )}
          </p>
          <div class="cam-form">
            <button
              class="cam-btn"
              onClick={() =>
                act(() => connection.clock({ action: overview.clock.frozen ? 'resume' : 'freeze' }), 'clock')
              }
            >
              {overview.clock.frozen ? 'Resume' : 'Freeze'}
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

        <section aria-label="another client">
          <h2>Another client</h2>
          <form
            class="cam-form"
            onSubmit={(event) => {
              event.preventDefault()
              act(() => connection.removeAsset(assetId.trim()), 'another client')
            }}
          >
            <input
              aria-label="asset id"
              placeholder="asset id"
              required
              value={assetId}
              onInput={(event) => setAssetId(event.currentTarget.value)}
            />
            <button type="submit">Delete the asset</button>
          </form>
          <ActionError scope="another client" />
          <p class="cam-note">
            As if another client deleted it: its reads answer 410 and its links go. An asset's page under Records has
            the same button.
          </p>
        </section>
      </div>

      <FaultsSection {...{ connection, live, act }} />
    </div>
  )
}
