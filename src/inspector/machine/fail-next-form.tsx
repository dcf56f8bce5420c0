import { useRef, useState } from 'preact/hooks'
import { useFocusAfterRemoval } from '../use-focus-after-removal.js'
import type { MachineSetter } from '../../control/api/machine/machine-views.js'
import type { SetterProps } from './setter-props.js'

/**
 * A scripted failure's setter (`{ "failNext": <reason or null> }`, the
 * installers' and the backups'): a reason makes the next `what` fail at
 * 100 %; Don't fail takes it back. The focus goes from the control an action
 * removes to the one that replaces it.
 *
 * @example
 * <FailNextForm connection={connection} act={act} setter="backups" what="backup" failNext={backups.failNext} />
 */
export function FailNextForm({
  connection,
  act,
  setter,
  what,
  failNext,
}: SetterProps & { setter: MachineSetter; what: string; failNext: string | null }) {
  const [reason, setReason] = useState('')
  const field = useRef<HTMLInputElement>(null)
  const undo = useRef<HTMLButtonElement>(null)
  const focusAfter = useFocusAfterRemoval()
  if (failNext !== null) {
    return (
      <div class="cam-form">
        <span>
          The next {what} fails: <strong>{failNext}</strong>
        </span>
        <button
          ref={undo}
          class="cam-btn"
          aria-label={`don't fail the next ${what}`}
          onClick={(event) => {
            focusAfter(event.currentTarget, () => [field.current])
            act(() => connection.setMachine(setter, { failNext: null }))
          }}
        >
          Don't fail
        </button>
      </div>
    )
  }
  return (
    <form
      class="cam-form"
      onSubmit={(event) => {
        event.preventDefault()
        const button = event.currentTarget.querySelector('button')
        const given = reason.trim()
        if (button) focusAfter(button, () => [undo.current])
        act(async () => {
          await connection.setMachine(setter, { failNext: given })
          setReason('')
        })
      }}
    >
      <input
        ref={field}
        aria-label={`reason the next ${what} fails`}
        placeholder="disk full"
        maxLength={1000}
        value={reason}
        onInput={(event) => setReason(event.currentTarget.value)}
      />
      <button type="submit">Fail the next {what}</button>
    </form>
  )
}
