import { buildModelSchema } from '../../schemas/model-schema.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

/**
 * A machine-learning model the copilot runs on, in the cloud or downloaded.
 *
 * @example
 * modelKind.generated // 'default-dataset'
 */
export const modelKind = declareKind({
  name: 'model',
  schema: buildModelSchema,
  defaults: { downloaded: false, downloading: false, loaded: false, custom: false },
  links: {},
  fixtureFile: 'models.json',
  generated: 'default-dataset',
  label: (model) =>
    clipLabel(`${model.name} (${model.cloud ? 'cloud' : model.downloaded ? 'local' : 'local, not downloaded'})`),
  clientModels: [{ model: 'Model' }, { model: 'Models', many: true }],
  serializer: 'model',
})
