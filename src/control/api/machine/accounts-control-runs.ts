import { z } from 'zod'
import { readBeta } from '../../../domain/machine/accounts/account-users.js'
import { readApplicationsPart, setExternalApplications } from '../../../domain/machine/accounts/applications-part.js'
import { readDistributions } from '../../../domain/machine/accounts/distributions-part.js'
import { readProviderKeys } from '../../../domain/machine/accounts/provider-keys.js'
import { readSignIn } from '../../../domain/machine/accounts/sign-in-part.js'
import { setSignIn, signInInput, signInView } from '../../../domain/machine/accounts/sign-in-setter.js'
import type { Answer } from '../../../execution/answer.js'
import { textAnswer } from '../../../execution/answer.js'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import { jsonAnswer } from '../control-route.js'
import { setPart } from './part-setter.js'

/*
 * The run bodies of the account parts' control routes (accounts-controls.ts), loaded on their first call.
 */

/** The most external applications the machine may be set to have. */
const MAX_EXTERNAL_APPLICATIONS = 100

const externalInput = lazySchema(() =>
  z
    .array(z.object({ name: z.string().min(1).max(200), version: z.string().max(64).optional() }).strict())
    .max(MAX_EXTERNAL_APPLICATIONS),
)

/** The most users `GET /__mock/machine/accounts` lists (the signed-in one always among them). */
const USERS_SHOWN = 100

/**
 * What `GET /__mock/machine/accounts` shows: every account part, provider keys redacted as kept, and the
 * users the service knows (who is signed in, their cloud allocation's status).
 *
 * @example
 * accountsView(store).providerKeys
 */
export function accountsView(store: Store): Answer {
  const signIn = readSignIn(store)
  return jsonAnswer(200, {
    signIn: {
      challenge: signIn.challenge,
      result: signIn.result,
      tokens: signIn.tokens,
      usedCodes: signIn.used.length,
      logout: signIn.logout,
    },
    applications: readApplicationsPart(store),
    distributions: readDistributions(store).items,
    providerKeys: readProviderKeys(store).keys,
    beta: readBeta(store).statuses,
    users: usersShown(store),
  })
}

/** The users the service knows, signed-in ones first, at most {@link USERS_SHOWN}: name, email, allocation status. */
function usersShown(store: Store) {
  const users = [...store.all('user')].sort((a, b) => Number(b.signedIn === true) - Number(a.signedIn === true))
  return users.slice(0, USERS_SHOWN).map((user) => ({
    id: user.id,
    ...(user.name !== undefined && { name: user.name }),
    ...(user.email !== undefined && { email: user.email }),
    signedIn: user.signedIn === true,
    ...(user.allocation && { allocation: user.allocation.status }),
  }))
}

/**
 * `POST /__mock/machine/accounts/external-applications`: the applications the machine has installed, set.
 *
 * @example
 * await setExternal(store, [{ name: 'Zed' }])
 */
export async function setExternal(store: Store, body: unknown): Promise<Answer> {
  const parsed = externalInput.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return textAnswer(
      400,
      `Failed to set the external applications: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}. Send an array of at most ${MAX_EXTERNAL_APPLICATIONS} { name, version? }.`,
    )
  }
  await store.write((tx) => setExternalApplications(tx, parsed.data))
  return jsonAnswer(200, readApplicationsPart(store).external)
}

/**
 * `GET /__mock/machine/sign-in`: who is signed in, and where the sign-in flows stand.
 *
 * @example
 * signInShown(store)
 */
export function signInShown(store: Store): Answer {
  return jsonAnswer(200, signInView(store))
}

/**
 * `POST /__mock/machine/sign-in`: a user signed in or everyone out, or the flow under way forgotten.
 *
 * @example
 * await signInSet(store, { user: null })
 */
export function signInSet(store: Store, body: unknown): Promise<Answer> {
  return setPart(store, body, {
    label: 'sign-in',
    input: signInInput,
    example: '{ "user"?: "<a user id>" or null, "flow"?: null }',
    check: (held, input) =>
      typeof input.user === 'string' && !held.get('user', input.user)
        ? `user: no user has id "${input.user.slice(0, 80)}" (GET /__mock/records/user lists them)`
        : undefined,
    write: setSignIn,
  })
}
