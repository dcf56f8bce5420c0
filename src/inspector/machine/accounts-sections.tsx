import type { AccountParts } from '../../control/api/machine/machine-views.js'
import { formatInstant } from '../format.js'
import { SignInSetter } from './sign-in-setter.js'
import { PartList, PartSection } from './part-section.js'
import type { SetterProps } from './setter-props.js'
import { ExternalApplicationsForm } from './external-applications-form.js'

/**
 * Sign-in and the users: who is signed in, their cloud allocation, the PKCE
 * challenge and code under way, the tokens issued and the last logout.
 *
 * @example
 * <SignInSection accounts={machine.accounts} />
 */
export function SignInSection({ accounts, setter }: { accounts: AccountParts; setter: SetterProps }) {
  const { signIn } = accounts
  const users = accounts.users ?? []
  const signedIn = users.filter((user) => user.signedIn)
  const latest = signIn.tokens.at(-1)
  return (
    <PartSection
      name="sign-in"
      title="Sign-in and users"
      raw={{ signIn, users }}
      setter={<SignInSetter {...setter} users={users} />}
    >
      <p aria-label="signed-in user">
        {signedIn.length === 0
          ? 'No one is signed in.'
          : `Signed in: ${signedIn.map((user) => user.name ?? user.email ?? user.id).join(', ')}`}
      </p>
      <PartList
        label="users"
        empty="The service knows no user."
        items={users}
        render={(user) => (
          <>
            {user.name ?? user.id} {user.email && <span class="cam-note">{user.email}</span>}
            {user.signedIn && <span class="cam-badge">signed in</span>}
            {user.allocation && <span class="cam-badge">cloud {user.allocation}</span>}
          </>
        )}
      />
      <h3>PKCE and Auth0</h3>
      <p>
        {signIn.challenge ? `Challenge open (state ${signIn.challenge.state}).` : 'No challenge open.'}{' '}
        {signIn.result ? 'A code came back.' : ''} {signIn.tokens.length} token
        {signIn.tokens.length === 1 ? '' : 's'} issued, {signIn.usedCodes} code{signIn.usedCodes === 1 ? '' : 's'}{' '}
        exchanged.
      </p>
      {latest && (
        <p>
          Last token for <span class="cam-id">{latest.user}</span> ({latest.scope}) at {formatInstant(latest.issued)}.
        </p>
      )}
      {signIn.logout && (
        <p>
          Logged out at {formatInstant(signIn.logout.at)}
          {signIn.logout.returnTo && `, back to ${signIn.logout.returnTo} (recorded, not opened)`}.
        </p>
      )}
    </PartSection>
  )
}

/**
 * Applications: the sessions opened and the applications the machine has
 * installed, which its setter changes.
 *
 * @example
 * <ApplicationsSection accounts={machine.accounts} setter={setterIn('applications')} />
 */
export function ApplicationsSection({ accounts, setter }: { accounts: AccountParts; setter: SetterProps }) {
  const { sessions, external } = accounts.applications
  const open = sessions.filter((session) => session.closed === undefined)
  return (
    <PartSection
      name="applications"
      title="Applications"
      raw={accounts.applications}
      setter={<ExternalApplicationsForm {...setter} external={external} />}
    >
      <p>
        {sessions.length} session{sessions.length === 1 ? '' : 's'}, {open.length} open.
      </p>
      <h3>Installed on the machine</h3>
    </PartSection>
  )
}

/**
 * Distributions (shares sent by mail or as gists) and the provider keys, redacted as kept.
 *
 * @example
 * <SharingSection accounts={machine.accounts} />
 */
export function SharingSection({ accounts }: { accounts: AccountParts }) {
  return (
    <PartSection
      name="distributions and keys"
      title="Distributions and provider keys"
      raw={{ distributions: accounts.distributions, providerKeys: accounts.providerKeys, beta: accounts.beta }}
    >
      <h3>Distributions</h3>
      <PartList
        label="distributions"
        empty="No distribution."
        items={accounts.distributions}
        render={(item) => (
          <>
            <span class="cam-id">{item.id}</span> of share <span class="cam-id">{item.share}</span>
            {item.github?.gist && ` · gist ${item.github.gist.name}`}
            {item.mailgun && ` · mail to ${item.mailgun.recipients.length}`}
          </>
        )}
      />
      <h3>Provider keys</h3>
      <PartList
        label="provider keys"
        empty="No provider key."
        items={accounts.providerKeys}
        render={(key) => `${key.provider} ${key.name ?? ''} ${key.hint} (${key.length} chars) for ${key.user}`}
      />
      <p class="cam-note">
        {accounts.beta.length} user{accounts.beta.length === 1 ? '' : 's'} with a beta status.
      </p>
    </PartSection>
  )
}
