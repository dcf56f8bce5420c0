import { z } from 'zod'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'

// Ids are bounded by the body's size; a message quotes at most 80 characters of one.
const id = () => z.string().min(1)
const name = () => z.string().max(200)
const temporalRange = () =>
  z.object({ continuous: z.boolean().optional(), between: z.unknown().optional() }).loose().optional()

/**
 * UserBetaStatus: the body of `POST /user/beta/status`.
 *
 * @example
 * betaStatusInput.parse({ user: id, auth0: { vision: { continuous: true } } })
 */
export const betaStatusInput = lazySchema(() =>
  z.object({
    user: id(),
    auth0: z.object({ vision: temporalRange() }).loose().optional(),
    descope: z.object({ vision: temporalRange() }).loose().optional(),
  }),
)

/**
 * The part of a UserProfile `POST /user/update/vanity` reads.
 *
 * @example
 * vanityInput.parse({ id, vanityname: 'ada' })
 */
export const vanityInput = lazySchema(() => z.object({ id: id(), vanityname: z.string().max(200).optional() }).loose())

/**
 * ApplicationsBulkUpdateCapabilitiesInput: the capabilities every application gets.
 *
 * @example
 * capabilitiesInput.parse({ capabilities: 'LOCAL' })
 */
export const capabilitiesInput = lazySchema(() =>
  z.object({ capabilities: z.enum(['LOCAL', 'CLOUD', 'BLENDED']) }).loose(),
)

/**
 * The session id `POST /applications/session/close` sends (a JSON string).
 *
 * @example
 * sessionIdInput.parse('0a1b…')
 */
export const sessionIdInput = lazySchema(() => id())

/**
 * The parts of an AllocationCloud the allocation writes read.
 *
 * @example
 * allocationCloudInput.parse({ id, user, project: 'pieces-cloud' })
 */
export const allocationCloudInput = lazySchema(() =>
  z
    .object({
      id: id(),
      user: id(),
      project: name().optional(),
      version: name().optional(),
      region: name().optional(),
    })
    .loose(),
)

const recipients = () => z.object({ iterable: z.array(z.object({}).loose()).max(50) })
const gist = () =>
  z.object({ public: z.boolean().default(true), description: z.string().max(1000).optional(), name: name() }).loose()
const channels = () => ({
  mailgun: z.object({ recipients: recipients() }).loose().optional(),
  github: z.object({ gist: gist().optional() }).loose().optional(),
})

/**
 * SeededDistribution: how a new distribution sends the share.
 *
 * @example
 * seededDistributionInput.parse({ github: { gist: { public: true, name: 'debounce.ts' } } })
 */
export const seededDistributionInput = lazySchema(() => z.object(channels()).loose().optional())

/**
 * Distribution: the body of `POST /distribution/update`.
 *
 * @example
 * distributionInput.parse({ id, mailgun: { recipients: { iterable: [] } } })
 */
export const distributionInput = lazySchema(() => z.object({ id: id(), ...channels() }).loose())

const openAi = () =>
  z
    .object({
      api_key: z.string().max(512).optional(),
      api_key_name: name().optional(),
      organization_key: z.string().max(512).optional(),
    })
    .loose()

/**
 * Precreated/PreupdatedExternalProviderApiKey: whose key, and the key.
 *
 * @example
 * providerKeyInput.parse({ user: id, open_AI: { api_key: 'sk-…' } })
 */
export const providerKeyInput = lazySchema(() => z.object({ user: id(), open_AI: openAi().optional() }).loose())

/**
 * PredeletedExternalProviderApiKey: whose key goes.
 *
 * @example
 * providerKeyDeleteInput.parse({ user: id, open_AI: true })
 */
export const providerKeyDeleteInput = lazySchema(() =>
  z.object({ user: id(), open_AI: z.boolean().optional() }).loose(),
)
