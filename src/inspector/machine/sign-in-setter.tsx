import { useState } from 'preact/hooks'
import type { AccountParts } from '../../control/api/machine/machine-views.js'
import type { SetterProps } from './setter-props.js'

/**
 * Sign-in's setter (`POST /__mock/machine/sign-in`): signs a user the service
 * knows in (everyone else out), or everyone out, without walking the flow.
 *
 * @example
 * <SignInSetter {...setter} users={accounts.users ?? []} />
 */
export function SignInSetter({ connection, act, users }: SetterProps & { users: NonNullable<AccountParts['users']> }) {
  const [chosen, setChosen] = useState('')
  const user = chosen || users[0]?.id || ''
  return (
    <form
      class="cam-form"
      onSubmit={(event) => {
        event.preventDefault()
        act(() => connection.setMachine('sign-in', { user }))
      }}
    >
      <select aria-label="user to sign in" value={user} onChange={(event) => setChosen(event.currentTarget.value)}>
        {users.map((known) => (
          <option key={known.id} value={known.id}>
            {known.name ?? known.email ?? known.id}
          </option>
        ))}
      </select>
      <button type="submit" disabled={users.length === 0}>
        Sign in
      </button>
      <button type="button" onClick={() => act(() => connection.setMachine('sign-in', { user: null }))}>
        Sign everyone out
      </button>
    </form>
  )
}
