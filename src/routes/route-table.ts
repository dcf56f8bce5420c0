import type { Operation } from '../operations/define/define-operation.js'
import { annotationOperations } from '../operations/linked-records/annotation.js'
import { assetLinksOperations } from '../operations/assets/asset-links.js'
import { assetUpdatesOperations } from '../operations/assets/asset-updates.js'
import { assetOperations } from '../operations/assets/asset.js'
import { assetsOperations } from '../operations/assets/assets.js'
import { conversationLinksOperations } from '../operations/conversations/conversation-links.js'
import { conversationOperations } from '../operations/conversations/conversation.js'
import { conversationsOperations } from '../operations/conversations/conversations.js'
import { formatOperations } from '../operations/assets/format.js'
import { linkedRecordListsOperations } from '../operations/linked-records/linked-record-lists.js'
import { wellKnownOperations } from '../operations/machine/well-known.js'
import { tagLinksOperations } from '../operations/linked-records/tag-links.js'
import { websiteLinksOperations } from '../operations/linked-records/website-links.js'
import { anchorLinksOperations } from '../operations/linked-records/anchor-links.js'
import { annotationLinksOperations } from '../operations/linked-records/annotation-links.js'
import { rangeLinksOperations } from '../operations/linked-records/range-links.js'
import { workstreamSummaryLinksOperations } from '../operations/linked-records/workstream-summary-links.js'
import { messageLinksOperations } from '../operations/conversations/message-links.js'
import { messagesOperations } from '../operations/conversations/messages.js'
import { qgptOperations } from '../operations/conversations/qgpt.js'
import { tagsOperations } from '../operations/linked-records/tags.js'
import { websitesOperations } from '../operations/linked-records/websites.js'
import { anchorsOperations } from '../operations/linked-records/anchors.js'
import { rangesOperations } from '../operations/linked-records/ranges.js'
import { workstreamSummariesOperations } from '../operations/linked-records/workstream-summaries.js'
import { personsOperations } from '../operations/linked-records/persons.js'
import { personLinksOperations } from '../operations/linked-records/person-links.js'
import { workstreamEventsOperations } from '../operations/linked-records/workstream-events.js'
import { workstreamEventLinksOperations } from '../operations/linked-records/workstream-event-links.js'
import { annotationsOperations } from '../operations/linked-records/annotations.js'
import { activitiesOperations } from '../operations/assets/activities.js'
import { formatsOperations } from '../operations/assets/formats.js'
import { assetSearchOperations } from '../operations/search/asset-search.js'
import { conversationSearchOperations } from '../operations/search/conversation-search.js'
import { connectionOperations } from '../operations/machine/connection.js'
import { userOperations } from '../operations/machine/user.js'
import { modelsOperations } from '../operations/machine/models.js'
import { osOperations } from '../operations/machine/os.js'
import { connectorOperations } from '../operations/machine/connector.js'
import { searchOperations } from '../operations/search/search.js'
import { linkifyOperations } from '../operations/assets/linkify.js'
import { draftOperations } from '../operations/machine/drafts.js'
import { userSessionOperations } from '../operations/machine/user-session.js'
import { visionOperations } from '../operations/machine/vision.js'
import { mcpEntryPointOperations } from '../operations/mcp/mcp-entry-points.js'
import { sourcesOperations } from '../operations/sources/sources.js'
import { sourceLinksOperations } from '../operations/sources/source-links.js'
import { sourceWindowsOperations } from '../operations/sources/source-windows.js'
import { sourceWindowLinksOperations } from '../operations/sources/source-window-links.js'
import { hintsOperations } from '../operations/small-records/hints.js'
import { hintLinksOperations } from '../operations/small-records/hint-links.js'
import { sensitivesOperations } from '../operations/small-records/sensitives.js'
import { sharesOperations } from '../operations/small-records/shares.js'
import { anchorPointsOperations } from '../operations/small-records/anchor-points.js'
import { relationshipsOperations } from '../operations/small-records/relationships.js'
import { sharePageOperations } from '../operations/small-records/share-page.js'
import { assetRecommendationsOperations } from '../operations/assets/asset-recommendations.js'
import { summaryTextsOperations } from '../operations/linked-records/summary-texts.js'
import { qgptHintsOperations } from '../operations/conversations/qgpt-hints.js'
import { formatAnalysisOperations } from '../operations/assets/format-analysis.js'
import { osMachineOperations } from '../operations/os-and-pattern-engine/os-machine.js'
import { osFilesAndOpensOperations } from '../operations/os-and-pattern-engine/os-files-and-opens.js'
import { patternEngineOperations } from '../operations/os-and-pattern-engine/pattern-engine.js'
import { integrationsOperations } from '../operations/os-and-pattern-engine/integrations.js'
import { pkceOperations } from '../operations/accounts/pkce.js'
import { auth0Operations } from '../operations/accounts/auth0.js'
import { accountUserOperations } from '../operations/accounts/account-users.js'
import { applicationAccountOperations } from '../operations/accounts/applications.js'
import { allocationOperations } from '../operations/accounts/allocations.js'
import { distributionOperations } from '../operations/accounts/distributions.js'
import { externalProviderKeyOperations } from '../operations/accounts/external-provider-keys.js'
import { discoveryOperations } from '../operations/accounts/discovery.js'
import { foundryOperations, ollamaOperations } from '../operations/installers-and-backups/installer-operations.js'
import { backupOperations } from '../operations/installers-and-backups/backup-operations.js'
import { databaseOperations } from '../operations/installers-and-backups/database-operations.js'
import { analysesOperations } from '../operations/analyses/analyses-operations.js'
import { textOperations } from '../operations/analyses/text-operations.js'

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
    { name: 'persons', operations: personsOperations },
    { name: 'person links', operations: personLinksOperations },
    { name: 'workstream events', operations: workstreamEventsOperations },
    { name: 'workstream event links', operations: workstreamEventLinksOperations },
    { name: 'pattern-engine sources', operations: sourcesOperations },
    { name: 'pattern-engine source links', operations: sourceLinksOperations },
    { name: 'pattern-engine source windows', operations: sourceWindowsOperations },
    { name: 'pattern-engine source window links', operations: sourceWindowLinksOperations },
    { name: 'activities', operations: activitiesOperations },
    { name: 'asset search', operations: assetSearchOperations },
    { name: 'conversation search', operations: conversationSearchOperations },
    { name: 'search', operations: searchOperations },
    { name: 'share links', operations: linkifyOperations },
    { name: 'hints', operations: hintsOperations },
    { name: 'hint links', operations: hintLinksOperations },
    { name: 'sensitive findings', operations: sensitivesOperations },
    { name: 'shares', operations: sharesOperations },
    { name: 'anchor points', operations: anchorPointsOperations },
    { name: 'relationships', operations: relationshipsOperations },
    { name: 'share pages', operations: sharePageOperations },
    { name: 'asset recommendations', operations: assetRecommendationsOperations },
    { name: 'summary texts', operations: summaryTextsOperations },
    { name: 'copilot hints', operations: qgptHintsOperations },
    { name: 'format analysis', operations: formatAnalysisOperations },
    { name: 'drafts and MCP', operations: draftOperations },
    { name: 'MCP entry points', operations: mcpEntryPointOperations },
    { name: 'connector', operations: connectorOperations },
    { name: 'os', operations: osOperations },
    { name: 'os settings and device', operations: osMachineOperations },
    { name: 'os files, opens and notifications', operations: osFilesAndOpensOperations },
    { name: 'pattern engine', operations: patternEngineOperations },
    { name: 'integrations', operations: integrationsOperations },
    { name: 'PKCE sign-in', operations: pkceOperations },
    { name: 'Auth0', operations: auth0Operations },
    { name: 'user accounts', operations: accountUserOperations },
    { name: 'application sessions', operations: applicationAccountOperations },
    { name: 'cloud allocations', operations: allocationOperations },
    { name: 'distributions', operations: distributionOperations },
    { name: 'external provider keys', operations: externalProviderKeyOperations },
    { name: 'asset discovery', operations: discoveryOperations },
    { name: 'ollama', operations: ollamaOperations },
    { name: 'foundry', operations: foundryOperations },
    { name: 'backups', operations: backupOperations },
    { name: 'database', operations: databaseOperations },
    { name: 'analyses', operations: analysesOperations },
    { name: 'text operations and metrics', operations: textOperations },
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
