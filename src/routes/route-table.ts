import type { Operation } from '../operations/define-operation.js'
import { annotationOperations } from '../operations/annotation.js'
import { assetLinksOperations } from '../operations/asset-links.js'
import { assetUpdatesOperations } from '../operations/asset-updates.js'
import { assetOperations } from '../operations/asset.js'
import { assetsOperations } from '../operations/assets.js'
import { formatOperations } from '../operations/format.js'
import { linkedRecordListsOperations } from '../operations/linked-record-lists.js'
import { conversationLinksOperations } from '../operations/conversation-links.js'
import { conversationOperations } from '../operations/conversation.js'
import { conversationsOperations } from '../operations/conversations.js'
import { wellKnownOperations } from '../operations/well-known.js'

/**
 * Every operation of the mock: the one route table both runtimes are built from.
 * Routes without parameters come before those with them, so that in MSW (first
 * match wins) `/conversation/update` is never taken for `/conversation/:id`.
 *
 * @example
 * const operations = allOperations()
 */
export function allOperations(): readonly Operation[] {
  const operations = [
    ...wellKnownOperations,
    ...conversationsOperations,
    ...conversationOperations,
    ...conversationLinksOperations,
    ...annotationOperations,
    ...assetsOperations,
    ...assetOperations,
    ...assetUpdatesOperations,
    ...assetLinksOperations,
    ...linkedRecordListsOperations,
    ...formatOperations,
  ]
  return operations
    .map((operation, order) => ({ operation, order, params: Math.min(...operation.paths.map(countParams)) }))
    .sort((a, b) => a.params - b.params || a.order - b.order)
    .map(({ operation }) => operation)
}

function countParams(path: string): number {
  return path.split('/').filter((segment) => segment.startsWith(':')).length
}
