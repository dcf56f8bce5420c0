import { z } from 'zod'
import { readBeta } from '../../../domain/machine/accounts/account-users.js'
import {
  MAX_EXTERNAL_APPLICATIONS,
  readApplicationsPart,
  setExternalApplications,
} from '../../../domain/machine/accounts/applications-part.js'
import { readDistributions } from '../../../domain/machine/accounts/distributions-part.js'
import { readProviderKeys } from '../../../domain/machine/accounts/provider-keys.js'
import { readSignIn } from '../../../domain/machine/accounts/sign-in-part.js'
import { textAnswer } from '../../../execution/answer.js'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import { jsonAnswer, type ControlRoute } from '../control-route.js'

const externalInput = lazySchema(() =>
  z
    .array(z.object({ name: z.string().min(1).max(200), version: z.string().max(64).optional() }).strict())
    .max(MAX_EXTERNAL_APPLICATIONS),
)

/** What `GET /__mock/machine/accounts` shows: every account part, provider keys redacted as kept. */
function accountsView(store: Store) {
  const signIn = readSignIn(store)
  return {
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
  }
}

/**
 * The control routes of the account parts: `GET /__mock/machine/accounts`
 * shows sign-in (challenge, tokens, the last logout), sessions and detected
 * applications, distributions, provider keys (redacted) and beta statuses;
 * `POST /__mock/machine/accounts/external-applications` sets the applications
 * the machine has installed.
 *
 * @example
 * const routes = accountsControlRoutes(store)
 */
export function accountsControlRoutes(store: Store): readonly ControlRoute[] {
  return [
    { method: 'GET', path: '/__mock/machine/accounts', run: () => jsonAnswer(200, accountsView(store)) },
    {
      method: 'POST',
      path: '/__mock/machine/accounts/external-applications',
      async run({ body }) {
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
      },
    },
  ]
}
