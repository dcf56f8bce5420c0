import type { Operation } from '../http/operation.js'
import { annotationOperations } from './annotation.js'
import { assetLinksOperations } from './asset-links.js'
import { assetUpdatesOperations } from './asset-updates.js'
import { assetOperations } from './asset.js'
import { assetsOperations } from './assets.js'
import { formatOperations } from './format.js'
import { linkedRecordListsOperations } from './linked-record-lists.js'
import { conversationLinksOperations } from './conversation-links.js'
import { conversationOperations } from './conversation.js'
import { conversationsOperations } from './conversations.js'
import { wellKnownOperations } from './well-known.js'

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
