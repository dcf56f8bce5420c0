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
  // Whether the dialog is closing by a choice made in it: focus then goes back to Reset….
  const returning = useRef(false)
  // Focus moves with the dialog in the same render that draws or removes it: into it on open, back to Reset…
  // on cancel. Escape is handled by the whole section, so one pressed before the focus arrived cancels too.
  useLayoutEffect(() => {
    if (confirming) confirmButton.current?.focus()
    else if (returning.current) resetButton.current?.focus()
    returning.current = false
  }, [confirming])
  const cancel = () => {
    returning.current = true
    setConfirming(false)
  }

  return (
    <section
      aria-label="scenario"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !confirming) return
        // Escape cancels the reset and leaves the panel open.
        event.preventDefault()
        cancel()
      }}
    >
      <h2>Scenario</h2>
      {confirming ? (
        <div class="cam-confirm" role="alertdialog" aria-label="confirm reset">
          <p>
            Reset to {overview.scenario}? Records, the journal, faults and the clock go back to how the scenario starts.
          </p>
          <div class="cam-form">
            <button
              class="cam-btn cam-danger"
              ref={confirmButton}
              onClick={() => {
                returning.current = true
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
