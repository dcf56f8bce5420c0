import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The link routes between hints and assets, from both sides (HintApi and
 * AssetApi): each changes the same link on both records.
 *
 * @example
 * routeTable() // holds these
 */
export const hintLinksOperations: readonly Operation[] = [
  associate({
    id: 'hintAssociateAsset',
    paths: ['/hint/:hint/assets/associate/:asset'],
    params: { hint: 'hint', asset: 'asset' },
    relation: ['hint', 'assets'],
  }),
  disassociate({
    id: 'hintDisassociateAsset',
    paths: ['/hint/:hint/assets/disassociate/:asset'],
    params: { hint: 'hint', asset: 'asset' },
    relation: ['hint', 'assets'],
  }),
  associate({
    id: 'assetAssociateHint',
    paths: ['/asset/:asset/hints/associate/:hint'],
    params: { asset: 'asset', hint: 'hint' },
    relation: ['hint', 'assets'],
  }),
  disassociate({
    id: 'assetDisassociateHint',
    paths: ['/asset/:asset/hints/disassociate/:hint'],
    params: { asset: 'asset', hint: 'hint' },
    relation: ['hint', 'assets'],
  }),
]
