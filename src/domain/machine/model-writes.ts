import { MockServiceError } from '../../errors.js'
import type { ModelRecord } from '../../store/schemas/schemas.js'
import type { Transaction } from '../../store/transaction/transaction.js'
import type { ModelUpdateInput, SeededModelInput } from '../inputs/service-seeds.js'

/** The stored fields of a model that a SeededModel or a Model body sets. */
function modelFields(seed: SeededModelInput | ModelUpdateInput) {
  return {
    version: seed.version,
    name: seed.name,
    cloud: seed.cloud,
    type: seed.type,
    usage: seed.usage,
    ...(seed.description !== undefined && { description: seed.description }),
    ...(seed.foundation !== undefined && { foundation: seed.foundation }),
    ...(seed.provider !== undefined && { provider: seed.provider }),
    ...(seed.unique !== undefined && { unique: seed.unique }),
    ...(seed.cpu !== undefined && { cpu: seed.cpu }),
    ...(seed.parameters != null && { parameters: seed.parameters }),
    ...(seed.quantization !== undefined && { quantization: seed.quantization }),
    ...(seed.bytes !== undefined && { bytes: seed.bytes.value }),
    ...(seed.ram !== undefined && { ram: seed.ram.value }),
    ...(seed.maxTokens !== undefined && {
      maxTokens: {
        total: seed.maxTokens.total,
        ...(seed.maxTokens.input != null && { input: seed.maxTokens.input }),
        ...(seed.maxTokens.output != null && { output: seed.maxTokens.output }),
      },
    }),
    ...(seed.capabilities !== undefined && { capabilities: pickCapabilities(seed.capabilities) }),
  }
}

const CAPABILITIES = ['temporal', 'images', 'videos', 'documents', 'codebases', 'assets', 'websites'] as const

function pickCapabilities(
  capabilities: Partial<Record<(typeof CAPABILITIES)[number], boolean>>,
): NonNullable<ModelRecord['capabilities']> {
  const picked: NonNullable<ModelRecord['capabilities']> = {}
  for (const key of CAPABILITIES) if (capabilities[key] !== undefined) picked[key] = capabilities[key]
  return picked
}

/**
 * Creates a custom model from a SeededModel, as `POST /models/create` does:
 * `custom` is true unless the seed says otherwise, and a model that already
 * exists (the same `unique`, or the same name when the seed has no `unique`)
 * is answered instead of a duplicate.
 *
 * @example
 * const model = await store.write((tx) => createModel(tx, seed))
 */
export function createModel(tx: Transaction, seed: SeededModelInput): ModelRecord {
  for (const model of tx.all('model')) {
    if (seed.unique !== undefined ? model.unique === seed.unique : model.name === seed.name) return model
  }
  const now = tx.timestamp()
  return tx.insertBuilt('model', {
    id: tx.id(),
    ...modelFields(seed),
    downloaded: seed.downloaded ?? false,
    custom: seed.custom ?? true,
    created: seed.created.value,
    updated: now,
  })
}

/**
 * Updates a custom model from a Model body (`POST /model/update`); the
 * service's own models cannot be changed.
 *
 * @example
 * await store.write((tx) => updateModel(tx, input))
 */
export function updateModel(tx: Transaction, input: ModelUpdateInput): ModelRecord {
  requireCustom(tx.require('model', input.id), 'update')
  return tx.update('model', input.id, (draft) => {
    const { downloaded, loaded, downloading, custom, created, updated, id } = draft
    for (const key of Object.keys(draft)) delete (draft as Record<string, unknown>)[key]
    Object.assign(draft, { id, created, updated, loaded, downloading, custom }, modelFields(input), {
      downloaded: input.downloaded ?? downloaded,
    })
  })
}

/**
 * Deletes a custom model (`POST /models/{model}/delete`); the service's own
 * models cannot be deleted.
 *
 * @example
 * await store.write((tx) => deleteModel(tx, id))
 */
export function deleteModel(tx: Transaction, id: string): void {
  requireCustom(tx.require('model', id), 'delete')
  tx.remove('model', id)
}

/**
 * Deletes a local model's files (`POST /models/{model}/delete/cache`): it is
 * no longer downloaded, nor loaded. A cloud model has no files and is left as it is.
 *
 * @example
 * await store.write((tx) => deleteModelCache(tx, id))
 */
export function deleteModelCache(tx: Transaction, id: string): ModelRecord {
  const model = tx.require('model', id)
  if (model.cloud || (!model.downloaded && !model.loaded)) return model
  if (model.downloading) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `The model "${model.name}" is downloading. Cancel the download first (POST /model/${id}/download/cancel).`,
    )
  }
  return tx.update('model', id, (draft) => {
    draft.downloaded = false
    draft.loaded = false
  })
}

/**
 * Loads a model into memory or unloads it. A local model must be downloaded
 * before it loads; a cloud model runs at its provider and is answered as it is.
 *
 * @example
 * await store.write((tx) => setModelLoaded(tx, id, true))
 */
export function setModelLoaded(tx: Transaction, id: string, loaded: boolean): ModelRecord {
  const model = tx.require('model', id)
  if (model.cloud || model.loaded === loaded) return model
  if (loaded && !model.downloaded) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `The model "${model.name}" is not downloaded, so it cannot be loaded. Download it first (POST /model/${id}/download).`,
    )
  }
  return tx.update('model', id, (draft) => {
    draft.loaded = loaded
  })
}

function requireCustom(model: ModelRecord, action: 'update' | 'delete'): void {
  if (model.custom) return
  throw new MockServiceError(
    'INVALID_REQUEST',
    `The model "${model.name}" is one of the service's own models; only custom models (custom: true) can be ${action === 'update' ? 'updated' : 'deleted'}.`,
  )
}
