import { DEFAULT_AESTHETICS } from '../../schemas/shared-defaults.js'
import { buildUserSchema } from '../../schemas/user-schema.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

/**
 * A user profile; the first one is the user signed in to the service.
 *
 * @example
 * userKind.fixtureFile // 'user.json'
 */
export const userKind = declareKind({
  name: 'user',
  schema: buildUserSchema,
  defaults: { aesthetics: DEFAULT_AESTHETICS, signedIn: true },
  links: {},
  fixtureFile: 'user.json',
  generated: 'default-dataset',
  label: (user) => clipLabel(user.name || user.email || user.username || user.id),
  clientModels: [{ model: 'UserProfile' }, { model: 'ReturnedUserProfile', under: 'user' }],
  serializer: 'user',
})
