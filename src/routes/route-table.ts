import type { Operation } from '../operations/define-operation.js'
import { annotationOperations } from '../operations/annotation.js'
import { assetLinksOperations } from '../operations/asset-links.js'
import { assetUpdatesOperations } from '../operations/asset-updates.js'
import { assetOperations } from '../operations/asset.js'
import { assetsOperations } from '../operations/assets.js'
import { conversationLinksOperations } from '../operations/conversation-links.js'
import { conversationOperations } from '../operations/conversation.js'
import { conversationsOperations } from '../operations/conversations.js'
import { formatOperations } from '../operations/format.js'
import { linkedRecordListsOperations } from '../operations/linked-record-lists.js'
import { wellKnownOperations } from '../operations/well-known.js'
import { tagLinksOperations } from '../operations/tag-links.js'
import { websiteLinksOperations } from '../operations/website-links.js'
import { anchorLinksOperations } from '../operations/anchor-links.js'
import { annotationLinksOperations } from '../operations/annotation-links.js'
import { rangeLinksOperations } from '../operations/range-links.js'
import { workstreamSummaryLinksOperations } from '../operations/workstream-summary-links.js'
import { messageLinksOperations } from '../operations/message-links.js'
import { messagesOperations } from '../operations/messages.js'
import { qgptOperations } from '../operations/qgpt.js'
import { tagsOperations } from '../operations/tags.js'
import { websitesOperations } from '../operations/websites.js'
import { anchorsOperations } from '../operations/anchors.js'
import { rangesOperations } from '../operations/ranges.js'
import { workstreamSummariesOperations } from '../operations/workstream-summaries.js'
import { annotationsOperations } from '../operations/annotations.js'
import { activitiesOperations } from '../operations/activities.js'
import { formatsOperations } from '../operations/formats.js'
import { assetSearchOperations } from '../operations/asset-search.js'
import { conversationSearchOperations } from '../operations/conversation-search.js'
import { connectionOperations } from '../operations/connection.js'
import { userOperations } from '../operations/user.js'
import { modelsOperations } from '../operations/models.js'
import { osOperations } from '../operations/os.js'
import { connectorOperations } from '../operations/connector.js'
import { searchOperations } from '../operations/search.js'
import { linkifyOperations } from '../operations/linkify.js'
import { draftOperations } from '../operations/drafts.js'
import { userSessionOperations } from '../operations/user-session.js'
import { visionOperations } from '../operations/vision.js'

/** A named group of operations, as the README's endpoint table shows them. */
interface RouteGroup {
  readonly name: string
  readonly operations: readonly Operation[]
}

/**
 * The route table in its groups, in the order the README lists them.
 *
 * @example
 * routeGroups().map((group) => group.name) // ['discovery', 'conversations', …]
 */
export function routeGroups(): readonly RouteGroup[] {
  return [
    { name: 'discovery', operations: wellKnownOperations },
    { name: 'connection', operations: connectionOperations },
    { name: 'user', operations: userOperations },
    { name: 'models', operations: modelsOperations },
    { name: 'sign-in and cloud', operations: userSessionOperations },
    { name: 'long-term memory', operations: visionOperations },
    { name: 'conversations', operations: conversationsOperations },
    { name: 'one conversation', operations: conversationOperations },
    { name: 'conversation links', operations: conversationLinksOperations },
    { name: 'annotations', operations: [...annotationOperations, ...annotationsOperations] },
    { name: 'assets', operations: assetsOperations },
    { name: 'one asset', operations: assetOperations },
    { name: 'asset writes', operations: assetUpdatesOperations },
    { name: 'asset links', operations: assetLinksOperations },
    { name: 'linked records', operations: linkedRecordListsOperations },
    { name: 'formats', operations: [...formatOperations, ...formatsOperations] },
    { name: 'tag links', operations: tagLinksOperations },
    { name: 'website links', operations: websiteLinksOperations },
    { name: 'anchor links', operations: anchorLinksOperations },
    { name: 'annotation links', operations: annotationLinksOperations },
    { name: 'range links', operations: rangeLinksOperations },
    { name: 'workstream summary links', operations: workstreamSummaryLinksOperations },
    { name: 'messages', operations: messagesOperations },
    { name: 'message links', operations: messageLinksOperations },
    { name: 'copilot', operations: qgptOperations },
    { name: 'tags', operations: tagsOperations },
    { name: 'websites', operations: websitesOperations },
    { name: 'anchors', operations: anchorsOperations },
    { name: 'ranges', operations: rangesOperations },
    { name: 'workstream summaries', operations: workstreamSummariesOperations },
    { name: 'activities', operations: activitiesOperations },
    { name: 'asset search', operations: assetSearchOperations },
    { name: 'conversation search', operations: conversationSearchOperations },
    { name: 'search', operations: searchOperations },
    { name: 'share links', operations: linkifyOperations },
    { name: 'drafts and MCP', operations: draftOperations },
    { name: 'connector', operations: connectorOperations },
    { name: 'os', operations: osOperations },
  ]
}

/**
 * Every operation of the mock: the one route table every runtime routes by.
 * Each group file writes its operation ids and paths literally, so searching
 * for a path finds its operation. Order does not matter: the router prefers
 * a fixed segment to a parameter (`/conversation/update` before
 * `/conversation/:conversation`).
 *
 * @example
 * const operations = routeTable()
 */
export function routeTable(): readonly Operation[] {
  return routeGroups().flatMap((group) => group.operations)
}
