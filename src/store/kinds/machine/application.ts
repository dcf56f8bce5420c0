import { buildApplicationRecordSchema } from '../../schemas/application-schema.js'
import { declareKind } from '../kind-declaration.js'

/**
 * An application that connected to the service (`POST /connect`) or came with the fixtures.
 *
 * @example
 * applicationKind.defaults // { onboarded: false, privacy: 'OPEN' }
 */
export const applicationKind = declareKind({
  name: 'application',
  schema: buildApplicationRecordSchema,
  defaults: { onboarded: false, privacy: 'OPEN' },
  links: {},
  fixtureFile: 'applications.json',
  generated: 'made-up',
  label: (application) => `${application.name} ${application.version} (${application.platform.toLowerCase()})`,
  clientModels: [{ model: 'Application' }, { model: 'Applications', many: true }],
  serializer: 'application',
})
