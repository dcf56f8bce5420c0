import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { ViewProps } from './view-props.js'

/** An action that failed: the mock's message, and the group of actions it came from. */
export interface ActionFailure {
  readonly message: string
  /** The group of actions it came from ("snapshots", "faults"…), where its error is shown. */
  readonly scope: string
}

/** The last action's failure, and how to dismiss it: given by the app to every view. */
export const ActionFailureContext = createContext<{ readonly failure?: ActionFailure; dismiss(): void }>({
  dismiss: () => undefined,
})

/**
 * The error of the last action, shown beside the actions it came from when
 * it came from this `scope`: it goes on the next action, on Dismiss, and
 * when the mock is reachable again.
 *
 * @example
 * <ActionError scope="snapshots" />
 */
export function ActionError({ scope }: { scope: string }) {
  const { failure, dismiss } = useContext(ActionFailureContext)
  if (failure?.scope !== scope) return null
  return (
    <div class="cam-error" role="alert" aria-label={`${scope} error`}>
      <span>{failure.message}</span>
      <button class="cam-btn" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  )
}

/**
 * The view's `act` for one group of actions: their errors show where that
 * group's {@link ActionError} is.
 *
 * @example
 * const act = inScope(props.act, 'faults')
 */
export function inScope(act: ViewProps['act'], scope: string): (call: () => Promise<unknown>) => void {
  return (call) => act(call, scope)
}
