import { z } from 'zod'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'

const short = () => z.string().max(512)
const uri = () => z.string().max(2048)

/**
 * SeededPKCE: the body of `POST /pkce/code`, as much as the flow reads.
 *
 * @example
 * seededPkceInput.parse({ response_type: 'code', state: 's', nonce: 'n', code_challenge: c, code_challenge_method: 'S256', scope: ['openid'], client_id: 'app' })
 */
export const seededPkceInput = lazySchema(() =>
  z
    .object({
      response_type: z.string(),
      state: short(),
      nonce: short(),
      redirect_uri: uri().optional(),
      code_challenge: z.string().max(256),
      code_challenge_method: z.string(),
      scope: z.array(z.string().max(64)).max(16),
      client_id: short(),
    })
    .loose(),
)

/**
 * TokenizedPKCE: the body of `POST /pkce/token`; and, by the same names, the
 * form `POST /oauth/token` sends.
 *
 * @example
 * tokenizedPkceInput.parse({ grant_type: 'authorization_code', client_id: 'app', code, redirect_uri: 'http://localhost/cb', code_verifier: v })
 */
export const tokenizedPkceInput = lazySchema(() =>
  z
    .object({
      grant_type: z.string(),
      client_id: short(),
      code: z.string().max(4096),
      redirect_uri: uri(),
      code_verifier: z.string().max(256),
      audience: short().optional(),
    })
    .loose(),
)

/**
 * The form `POST /pkce/response/code` sends: the code and state the browser came back with.
 *
 * @example
 * codeResponseInput.parse({ code, state: 's' })
 */
export const codeResponseInput = lazySchema(() => z.object({ code: z.string().max(4096), state: short() }).loose())

/**
 * OAuthToken: the body of `POST /users/authenticate/from_token`, as much as it reads.
 *
 * @example
 * oauthTokenInput.parse({ access_token: 'pat_…', token_type: 'Bearer', expires_in: 86400 })
 */
export const oauthTokenInput = lazySchema(() =>
  z
    .object({
      access_token: short(),
      token_type: short().nullish(),
      expires_in: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    })
    .loose(),
)

/**
 * The Auth0User `POST /user/select` may send: whom to select.
 *
 * @example
 * auth0UserInput.parse({ email: 'ada@example.com' })
 */
export const auth0UserInput = lazySchema(() =>
  z.object({ user_id: short().optional(), email: short().optional() }).loose().optional(),
)
