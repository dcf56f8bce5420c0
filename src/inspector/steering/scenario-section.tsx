import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { ScenarioName } from '../../seeding/scenarios.js'
import type { ViewProps } from '../view-props.js'
import { ActionError, inScope } from '../action-error.js'

/**
 * Reset (asked to confirm first: it throws away records, journal, faults
 * and the clock) and the scenario switch.
 *
 * @example
 * <ScenarioSection {...props} />
 */
export function ScenarioSection({ connection, live, act: run }: ViewProps) {
  const act = inScope(run, 'scenario')
  const overview = live.overview!
  const [scenario, setScenario] = useState<ScenarioName>()
  const [confirming, setConfirming] = useState(false)
  const confirmButton = useRef<HTMLButtonElement>(null)
  const resetButton = useRef<HTMLButtonElement>(null)
  // Focus moves into the dialog as it is drawn, before anything can be typed: Escape, handled inside it, then
  // always reaches it (an effect after paint left a moment where a key pressed at once went to the page).
  useLayoutEffect(() => {
    if (confirming) confirmButton.current?.focus()
  }, [confirming])
  const cancel = () => {
    setConfirming(false)
    requestAnimationFrame(() => resetButton.current?.focus())
  }

  return (
    <section aria-label="scenario">
      <h2>Scenario</h2>
      {confirming ? (
        <div
          class="cam-confirm"
          role="alertdialog"
          aria-label="confirm reset"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return
            // Escape cancels the reset and leaves the panel open.
            event.preventDefault()
            cancel()
          }}
        >
          <p>
            Reset to {overview.scenario}? Records, the journal, faults and the clock go back to how the scenario starts.
          </p>
          <div class="cam-form">
            <button
              class="cam-btn cam-danger"
              ref={confirmButton}
              onClick={() => {
                setConfirming(false)
                act(() => connection.reset())
              }}
            >
              Reset now
            </button>
            <button class="cam-btn" onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div class="cam-form">
          <button class="cam-btn" ref={resetButton} onClick={() => setConfirming(true)}>
            Reset…
          </button>
          <span class="cam-note">back to {overview.scenario}: records, journal, faults and clock</span>
        </div>
      )}
      <div class="cam-form">
        <select
          aria-label="scenario"
          value={scenario ?? overview.scenario}
          onChange={(event) => setScenario(event.currentTarget.value as ScenarioName)}
        >
          {overview.scenarios.map((name) => (
            <option value={name} key={name}>
              {name}
            </option>
          ))}
        </select>
        <button class="cam-btn" onClick={() => act(() => connection.useScenario(scenario ?? overview.scenario))}>
          Switch scenario
        </button>
      </div>
      <ActionError scope="scenario" />
    </section>
  )
}
