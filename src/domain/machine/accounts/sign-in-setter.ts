import { z } from 'zod'
import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { signOut } from '../user-session.js'
import { selectUser } from './account-users.js'
import { clearFlow, readSignIn, revokeTokens } from './sign-in-part.js'

/** The longest user id the control plane may name. */
const MAX_USER_ID_LENGTH = 200

/**
 * The body of `POST /__mock/machine/sign-in`: `user` signs in the user of
 * that id (every other signed out), as if a flow had ended, or with `null`
 * signs everyone out and revokes every token, as a logout does (none is
 * recorded); `flow: null` forgets the PKCE flow under way (its challenge and
 * the code handed back). What is not sent stays.
 *
 * @example
 * signInInput.parse({ user: 'ada', flow: null })
 */
export const signInInput = lazySchema(() =>
  z
    .object({
      user: z.string().min(1).max(MAX_USER_ID_LENGTH).nullable().optional(),
      flow: z.null().optional(),
    })
    .strict(),
)

/** What {@link setSignIn} is sent. */
export type SignInInput = z.infer<typeof signInInput>

/** What `GET /__mock/machine/sign-in` shows: who is signed in and the sign-in part. */
export interface SignInView {
  /** The id of the user signed in, or null. */
  readonly signedIn: string | null
  readonly challenge: unknown
  readonly result: unknown
  readonly tokens: unknown
  /** How many exchanged codes are remembered (refused if sent again). */
  readonly usedCodes: number
  readonly logout: unknown
}

/**
 * Who is signed in and where the sign-in flows stand (challenge, the code
 * handed back, the tokens issued, the last logout).
 *
 * @example
 * signInView(store).signedIn // 'ada'
 */
export function signInView(reader: Store | Transaction): SignInView {
  const part = readSignIn(reader)
  const signedIn = [...(reader as Transaction).all('user')].find((user) => user.signedIn)
  return {
    signedIn: signedIn?.id ?? null,
    challenge: part.challenge ?? null,
    result: part.result ?? null,
    tokens: part.tokens,
    usedCodes: part.used.length,
    logout: part.logout ?? null,
  }
}

/**
 * Stages what the control plane sets of sign-in (see {@link signInInput}); a
 * user the store does not hold is refused, nothing changed. Answers the view.
 *
 * @example
 * await store.write((tx) => setSignIn(tx, { user: null }))
 */
export function setSignIn(tx: Transaction, input: SignInInput): SignInView {
  if (input.flow === null) clearFlow(tx)
  if (input.user === null) {
    signOut(tx)
    revokeTokens(tx, undefined)
  } else if (input.user !== undefined) {
    if (!tx.get('user', input.user)) {
      throw new MockServiceError(
        'NOT_FOUND',
        `Failed to sign in "${input.user.slice(0, 80)}": no user has that id. GET /__mock/records/user lists them.`,
      )
    }
    selectUser(tx, { userId: input.user })
  }
  return signInView(tx)
}
