import type { ModelRecord } from '../../store/schemas/schemas.js'

/**
 * Whether a model can answer now: a cloud model always, a local one once it
 * is downloaded. The official Python SDK offers exactly these models
 * (`model.cloud or model.downloaded`); a question to any other fails.
 *
 * @example
 * isModelUsable(store.get('model', id)!) // false for a local model not downloaded
 */
export function isModelUsable(model: Pick<ModelRecord, 'cloud' | 'downloaded'>): boolean {
  return model.cloud || model.downloaded
}
