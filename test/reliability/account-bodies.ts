import { field, path, type BodyRoute } from './bodies.js'

/*
 * The JSON bodies of the sign-in, account, application session, allocation,
 * distribution, provider key and discovery routes: a valid body per route
 * and the fields a hostile client can break (see bodies.ts).
 */

const tokenFields = [
  field('grant_type', 'string', true),
  field('client_id', 'string', true),
  field('code', 'string', true),
  field('redirect_uri', 'string', true),
  field('code_verifier', 'string', true),
]
const cloudFields = [field('id', 'id', true), field('user', 'string', true), field('project', 'string', true)]
const discovery = (operation: string, model: string, item: ReturnType<typeof field>[]): BodyRoute => ({
  operation,
  model,
  fields: [field('application', 'string', true), field('iterable', 'array', true), ...item],
  referencedIds: [],
})

export const ACCOUNT_BODY_ROUTES: readonly BodyRoute[] = [
  {
    operation: 'generateCode',
    model: 'SeededPKCE',
    fields: [
      field('state', 'string', true),
      field('nonce', 'string', true),
      field('code_challenge', 'string', true),
      field('client_id', 'string', true),
      field('scope', 'array', true),
    ],
    referencedIds: [],
  },
  {
    operation: 'respondWithCode',
    model: 'ResultedPKCE',
    fields: [field('code', 'string', true), field('state', 'string', true)],
    referencedIds: [],
  },
  { operation: 'generateToken', model: 'TokenizedPKCE', fields: tokenFields, referencedIds: [] },
  { operation: 'exchangeForAuth0Token', model: 'TokenizedPKCE', fields: tokenFields, referencedIds: [] },
  {
    operation: 'selectUser',
    model: 'Auth0User',
    fields: [field('email', 'string', false), field('user_id', 'string', false)],
    referencedIds: [],
  },
  {
    operation: 'userBetaStatus',
    model: 'UserBetaStatus',
    fields: [field('user', 'id', true), field('auth0', 'object', false), field('auth0.vision', 'object', false)],
    referencedIds: [path('user')],
  },
  {
    operation: 'userUpdateVanity',
    model: 'UserProfile',
    fields: [field('id', 'id', true), field('vanityname', 'string', false)],
    referencedIds: [path('id')],
  },
  {
    operation: 'authenticateFromOauthToken',
    model: 'OAuthToken',
    fields: [
      field('access_token', 'string', true),
      field('token_type', 'string', true),
      field('expires_in', 'count', true),
    ],
    referencedIds: [],
  },
  {
    operation: 'applicationsRegister',
    model: 'Application',
    fields: [field('id', 'id', true), field('version', 'string', true), field('onboarded', 'boolean', true)],
    referencedIds: [],
  },
  {
    operation: 'applicationsBulkUpdateApplicationCapabilities',
    model: 'ApplicationsBulkUpdateCapabilitiesInput',
    fields: [field('capabilities', { enum: ['LOCAL', 'CLOUD', 'BLENDED'] }, true)],
    referencedIds: [],
  },
  { operation: 'allocationsCreateNewAllocation', model: 'AllocationCloud', fields: cloudFields, referencedIds: [] },
  { operation: 'allocationUpdate', model: 'AllocationCloud', fields: cloudFields, referencedIds: [path('id')] },
  {
    operation: 'allocationsReconnectCloud',
    model: 'AllocationCloud',
    fields: cloudFields,
    referencedIds: [path('id')],
  },
  {
    operation: 'allocationsDeleteAllocation',
    model: 'AllocationCloud',
    fields: cloudFields,
    referencedIds: [path('id')],
  },
  {
    operation: 'distributionsCreateNewDistribution',
    model: 'SeededDistribution',
    fields: [
      field('github', 'object', false),
      field('github.gist', 'object', false),
      field('github.gist.name', 'string', true),
    ],
    referencedIds: [],
  },
  {
    operation: 'distributionUpdate',
    model: 'Distribution',
    fields: [field('id', 'id', true), field('mailgun', 'object', false), field('mailgun.recipients', 'object', true)],
    referencedIds: [path('id')],
  },
  {
    operation: 'externalProviderApiKeyCreate',
    model: 'PrecreatedExternalProviderApiKey',
    fields: [field('user', 'id', true), field('open_AI', 'object', false), field('open_AI.api_key', 'string', false)],
    referencedIds: [path('user')],
  },
  {
    operation: 'externalProviderApiKeyUpdate',
    model: 'PreupdatedExternalProviderApiKey',
    fields: [field('user', 'id', true), field('open_AI', 'object', false), field('open_AI.api_key', 'string', false)],
    referencedIds: [path('user')],
  },
  {
    operation: 'externalProviderApiKeyDelete',
    model: 'PredeletedExternalProviderApiKey',
    fields: [field('user', 'id', true), field('open_AI', 'boolean', false)],
    referencedIds: [path('user')],
  },
  discovery('discoveryDiscoverAssets', 'SeededDiscoverableAssets', [field('iterable.0.fragment', 'object', false)]),
  discovery('discoveryDiscoverAssetsHtml', 'SeededDiscoverableHtmlWebpages', [
    field('iterable.0.url', 'string', true),
    field('iterable.0.page', 'string', true),
  ]),
  discovery('discoveryDiscoverSensitives', 'SeededDiscoverableSensitives', [
    field('iterable.0.asset', 'string', true),
    field('iterable.0.text', 'string', true),
  ]),
  discovery('discoveryDiscoverTagsRelated', 'SeededDiscoverableRelatedTags', [
    field('iterable.0.text', 'string', true),
    field('iterable.0.asset', 'string', true),
  ]),
]

/** The verifier the valid sign-in bodies prove. */
export const TEST_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const TEST_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

/**
 * A valid body for every route of {@link ACCOUNT_BODY_ROUTES}: the sign-in
 * bodies carry a code the runtime issued for {@link TEST_VERIFIER}'s challenge.
 *
 * @example
 * const bodies = await validAccountBodies(baseUrl, ids)
 */
export async function validAccountBodies(
  baseUrl: string,
  ids: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const read = async (url: string, init?: RequestInit) => {
    const response = await fetch(`${baseUrl}${url}`, init)
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as Record<string, unknown>
  }
  const seed = {
    response_type: 'code',
    state: 'reliable-state',
    nonce: 'reliable-nonce',
    redirect_uri: 'http://localhost:8080/callback',
    code_challenge: TEST_CHALLENGE,
    code_challenge_method: 'S256',
    scope: ['openid', 'email'],
    client_id: 'reliable-client',
  }
  const issued = await read('/pkce/code', {
    method: 'POST',
    body: JSON.stringify(seed),
    headers: { 'content-type': 'application/json' },
  })
  const code = (issued.result as { code: string }).code
  const exchange = {
    grant_type: 'authorization_code',
    client_id: 'reliable-client',
    code,
    redirect_uri: 'http://localhost:8080/callback',
    code_verifier: TEST_VERIFIER,
  }
  const user = await read(`/users/${ids.user}`)
  const cloud = user.allocation as Record<string, unknown>
  const application = await read(`/applications/${ids.application}`)
  return {
    generateCode: seed,
    respondWithCode: { code, state: 'reliable-state' },
    generateToken: exchange,
    exchangeForAuth0Token: exchange,
    selectUser: { email: user.email },
    userBetaStatus: { user: ids.user, auth0: { vision: { continuous: true } } },
    userUpdateVanity: { ...user, vanityname: 'reliable-user' },
    authenticateFromOauthToken: {
      access_token: await fetch(`${baseUrl}/user/access_token`).then((response) => response.text()),
      token_type: 'Bearer',
      expires_in: 86400,
    },
    applicationsRegister: application,
    // The session the default fixtures hold open.
    applicationsSessionClose: '5e550000-0000-4000-8000-000000000001',
    applicationsBulkUpdateApplicationCapabilities: { capabilities: 'BLENDED' },
    allocationsCreateNewAllocation: { ...cloud, user: ids.user },
    allocationUpdate: { ...cloud, version: '9.9.9' },
    allocationsReconnectCloud: cloud,
    allocationsDeleteAllocation: cloud,
    distributionsCreateNewDistribution: { github: { gist: { public: true, name: 'reliable.ts' } } },
    distributionUpdate: {
      ...(await read(`/distribution/${ids.distribution}`)),
      mailgun: { recipients: { iterable: [] } },
    },
    externalProviderApiKeyCreate: { user: ids.user, open_AI: { api_key: 'sk-reliable-0000000000000000000000' } },
    externalProviderApiKeyUpdate: { user: ids.user, open_AI: { api_key_name: 'Reliable key' } },
    externalProviderApiKeyDelete: { user: ids.user, open_AI: true },
    discoveryDiscoverAssets: { application: ids.application, iterable: [{ fragment: { string: { raw: 'x = 1' } } }] },
    discoveryDiscoverAssetsHtml: {
      application: ids.application,
      iterable: [{ url: 'https://example.com', page: '<pre>x = 1</pre>' }],
    },
    discoveryDiscoverSensitives: {
      application: ids.application,
      iterable: [{ asset: ids.asset, text: 'password = hunter22' }],
    },
    discoveryDiscoverTagsRelated: {
      application: ids.application,
      iterable: [{ text: 'typescript', asset: ids.asset }],
    },
  }
}
