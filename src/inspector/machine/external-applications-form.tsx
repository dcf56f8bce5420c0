import { useRef, useState } from 'preact/hooks'
import type { ExternalApplication } from '../../control/api/machine/machine-views.js'
import { useFocusAfterRemoval } from '../use-focus-after-removal.js'
import type { SetterProps } from './setter-props.js'

/**
 * The external applications' setter (`POST /__mock/machine/accounts/external-applications`,
 * the whole list, at most 100): each listed with Remove, and a form that adds
 * one. After Remove the focus goes to the next one's Remove, or to the name field.
 *
 * @example
 * <ExternalApplicationsForm connection={connection} act={act} external={applications.external} />
 */
export function ExternalApplicationsForm({
  connection,
  act,
  external,
}: SetterProps & { external: readonly ExternalApplication[] }) {
  const [name, setName] = useState('')
  const [version, setVersion] = useState('')
  const nameField = useRef<HTMLInputElement>(null)
  const focusAfter = useFocusAfterRemoval()
  const set = (list: readonly ExternalApplication[]) => connection.setMachine('accounts/external-applications', list)
  return (
    <>
      {external.length === 0 && <p class="cam-note">No application installed.</p>}
      <ul class="cam-rows" aria-label="installed applications">
        {external.map((application, at) => {
          const neighbour = external[at + 1] ?? external[at - 1]
          return (
            <li class="cam-form" key={`${application.name}@${at}`}>
              <span>
                {application.name} {application.version && <span class="cam-note">{application.version}</span>}
              </span>
              <button
                class="cam-btn cam-danger"
                aria-label={`remove ${application.name}`}
                onClick={(event) => {
                  const list = event.currentTarget.closest('ul')
                  const label = neighbour && `remove ${neighbour.name}`
                  focusAfter(event.currentTarget, () => [
                    label === undefined
                      ? undefined
                      : list?.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(label)}"]`),
                    nameField.current,
                  ])
                  act(() => set(external.filter((_, index) => index !== at)))
                }}
              >
                Remove
              </button>
            </li>
          )
        })}
      </ul>
      <form
        class="cam-form"
        onSubmit={(event) => {
          event.preventDefault()
          const added = { name: name.trim(), ...(version.trim() !== '' && { version: version.trim() }) }
          act(async () => {
            await set([...external, added])
            setName('')
            setVersion('')
          })
        }}
      >
        <input
          ref={nameField}
          aria-label="application name"
          placeholder="Zed"
          maxLength={200}
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <input
          aria-label="application version"
          placeholder="version (optional)"
          maxLength={64}
          value={version}
          onInput={(event) => setVersion(event.currentTarget.value)}
        />
        <button type="submit">Add application</button>
      </form>
    </>
  )
}
