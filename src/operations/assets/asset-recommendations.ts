import { pseudoAssets, recommendedAssets, relatedAssets } from '../../domain/asset-ranking.js'
import { mostRecentFirst } from '../../store/most-recent-first.js'
import { collectionOf, toFlattened } from '../../wire/flattened.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { wireContext } from '../define/request-input.js'

/**
 * The asset reads the service derives from the store (AssetsApi): the
 * recommended assets, the assets related to the most recently updated one,
 * and the ids of the pseudo assets. Each is deterministic: the same records
 * give the same order (docs/endpoints.md says what each ranks by). The
 * client declares the first two as GETs with a body, which `fetch` cannot
 * send; neither reads one.
 *
 * @example
 * routeTable() // holds these
 */
export const assetRecommendationsOperations: readonly Operation[] = [
  defineOperation({
    id: 'assetsGetRecommendedAssets',
    method: 'GET',
    paths: ['/assets/recommended'],
    params: {},
    run(context) {
      const wire = wireContext(context)
      return json(collectionOf(recommendedAssets(context.store.all('asset')), (asset) => wire.render('asset', asset)))
    },
  }),
  defineOperation({
    id: 'assetsGetRelatedAssets',
    method: 'GET',
    paths: ['/assets/related'],
    params: {},
    run(context) {
      const wire = wireContext(context)
      const latest = mostRecentFirst(context.store.all('asset'))[0]
      const related = latest ? relatedAssets(context.store, latest) : []
      return json(collectionOf(related, (asset) => wire.render('asset', asset)))
    },
  }),
  defineOperation({
    id: 'assetsPseudoSnapshot',
    method: 'GET',
    paths: ['/assets/pseudo'],
    params: {},
    run(context) {
      return json({ identifiers: toFlattened(pseudoAssets(context.store.all('asset')).map((asset) => asset.id)) })
    },
  }),
]
