import {
  createModel,
  deleteModel,
  deleteModelCache,
  setModelLoaded,
  updateModel,
} from '../../domain/machine/model-writes.js'
import { modelUpdateInput, seededModelInput } from '../../domain/inputs/service-seeds.js'
import { goneOnRefusal } from '../../errors.js'
import type { ModelRecord } from '../../store/schemas/schemas.js'
import { defineOperation, json, noContent, type Operation, type OperationContext } from '../define/define-operation.js'
import { machineOf } from './machine-context.js'
import { readRecord, requireBody, scoresIncrementOperation } from '../define/record-routes.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'

/**
 * The machine-learning models (ModelsApi, ModelApi): the list and one model,
 * custom models created, updated and deleted, and a local model downloaded
 * (in steps its progress stream reports), cancelled, deleted from disk,
 * loaded and unloaded, and a model's score raised.
 *
 * @example
 * routeTable() // holds these
 */
export const modelsOperations: readonly Operation[] = [
  defineOperation({
    id: 'modelsSnapshot',
    method: 'GET',
    paths: ['/models'],
    params: {},
    run(context) {
      const wire = wireContext(context)
      return json({ iterable: Array.from(context.store.all('model'), (record) => wire.render('model', record)) })
    },
  }),
  defineOperation({
    id: 'modelsSpecificModelSnapshot',
    method: 'GET',
    paths: ['/model/:model'],
    params: { model: 'model' },
    run(context) {
      return goneOnRefusal(() => {
        const wire = wireContext(context)
        return json(wire.render('model', readRecord(context, 'model', 'model', 'Model was not found.')))
      })
    },
  }),
  defineOperation({
    id: 'modelsCreateNewModel',
    method: 'POST',
    paths: ['/models/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededModel')
      const seed = parseBody(seededModelInput, context.request.body, 'SeededModel')
      const wire = wireContext(context)
      const model = await context.store.write((tx) => createModel(tx, seed))
      return json(wire.render('model', model))
    },
  }),
  defineOperation({
    id: 'modelUpdate',
    method: 'POST',
    paths: ['/model/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Model')
      const input = parseBody(modelUpdateInput, context.request.body, 'Model')
      const wire = wireContext(context)
      const model = await context.store.write((tx) => updateModel(tx, input))
      return json(wire.render('model', model))
    },
  }),
  defineOperation({
    id: 'modelsDeleteSpecificModel',
    method: 'POST',
    paths: ['/models/:model/delete'],
    params: { model: 'model' },
    body: 'none',
    async run(context) {
      const id = pathId(context, 'model')
      await context.store.write((tx) => deleteModel(tx, id))
      return noContent()
    },
  }),
  modelStateOperation('modelSpecificModelDownload', '/model/:model/download', (context, id) =>
    machineOf(context).downloads.start(id),
  ),
  modelStateOperation('modelSpecificModelDownloadCancel', '/model/:model/download/cancel', (context, id) =>
    machineOf(context).downloads.cancel(id),
  ),
  defineOperation({
    id: 'modelsDeleteSpecificModelCache',
    method: 'POST',
    paths: ['/models/:model/delete/cache'],
    params: { model: 'model' },
    body: 'none',
    async run(context) {
      const id = pathId(context, 'model')
      await context.store.write((tx) => deleteModelCache(tx, id))
      return json({ model: { id } })
    },
  }),
  modelStateOperation('modelSpecificModelLoad', '/model/:model/load', (context, id) =>
    context.store.write((tx) => setModelLoaded(tx, id, true)),
  ),
  modelStateOperation('modelSpecificModelUnload', '/model/:model/unload', (context, id) =>
    context.store.write((tx) => setModelLoaded(tx, id, false)),
  ),
  defineOperation({
    id: 'unloadModels',
    method: 'POST',
    paths: ['/models/unload'],
    params: {},
    body: 'none',
    async run(context) {
      await context.store.write((tx) => {
        for (const model of tx.all('model')) if (model.loaded) setModelLoaded(tx, model.id, false)
      })
      return noContent()
    },
  }),
  scoresIncrementOperation({
    id: 'modelScoresIncrement',
    paths: ['/model/:model/scores/increment'],
    param: 'model',
    kind: 'model',
    keys: ['model', 'models'],
  }),
]

/** `POST /model/{model}/…`: changes one model's state (load, unload, start or cancel a download) and answers the model. */
function modelStateOperation(
  id: string,
  path: string,
  change: (context: OperationContext, model: string) => Promise<ModelRecord>,
): Operation {
  return defineOperation({
    id,
    method: 'POST',
    paths: [path],
    params: { model: 'model' },
    body: 'none',
    async run(context) {
      const model = await change(context, pathId(context, 'model'))
      return json(wireContext(context).render('model', model))
    },
  })
}
