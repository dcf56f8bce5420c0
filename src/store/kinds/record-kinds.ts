import { activityKind } from './assets/activity.js'
import { anchorKind } from './linked-records/anchor.js'
import { annotationKind } from './assets/annotation.js'
import { applicationKind } from './machine/application.js'
import { assetKind } from './assets/asset.js'
import { conversationKind } from './conversations/conversation.js'
import { formatKind } from './assets/format.js'
import { messageKind } from './conversations/message.js'
import { modelKind } from './machine/model.js'
import { personKind } from './linked-records/person.js'
import { rangeKind } from './linked-records/range.js'
import { sourceKind } from './workstream/source.js'
import { sourceWindowKind } from './workstream/source-window.js'
import { tagKind } from './linked-records/tag.js'
import { userKind } from './machine/user.js'
import { machinePartKind } from './machine/machine-part.js'
import { hintKind } from './assets/hint.js'
import { sensitiveKind } from './assets/sensitive.js'
import { shareKind } from './assets/share.js'
import { anchorPointKind } from './linked-records/anchor-point.js'
import { websiteKind } from './linked-records/website.js'
import { workstreamEventKind } from './workstream/workstream-event.js'
import { workstreamSummaryKind } from './workstream/workstream-summary.js'

/**
 * Every record kind the store keeps, each declared once in its own file of
 * `src/store/kinds/`, in the store's order. Every list of kinds is derived
 * from this one: the schemas, defaults and relations here, the serializers,
 * fixture files, generator, inspector and HAR import above (a test holds each
 * to it).
 *
 * @example
 * RECORD_KIND_DECLARATIONS.workstreamSummary.fixtureFile // 'workstream-summaries.json'
 */
export const RECORD_KIND_DECLARATIONS = {
  conversation: conversationKind,
  message: messageKind,
  annotation: annotationKind,
  asset: assetKind,
  format: formatKind,
  activity: activityKind,
  tag: tagKind,
  website: websiteKind,
  anchor: anchorKind,
  workstreamSummary: workstreamSummaryKind,
  range: rangeKind,
  person: personKind,
  workstreamEvent: workstreamEventKind,
  source: sourceKind,
  sourceWindow: sourceWindowKind,
  application: applicationKind,
  model: modelKind,
  user: userKind,
  hint: hintKind,
  sensitive: sensitiveKind,
  share: shareKind,
  anchorPoint: anchorPointKind,
  machinePart: machinePartKind,
} as const

/**
 * The declarations by kind, as a type: for a layer above the store to derive its own per-kind table from.
 *
 * @example
 * type Files = { [K in RecordKind]: RecordKindDeclarations[K]['fixtureFile'] }
 */
export type RecordKindDeclarations = typeof RECORD_KIND_DECLARATIONS

/**
 * The name of a record kind the store keeps.
 *
 * @example
 * const kind: RecordKind = 'workstreamSummary'
 */
export type RecordKind = keyof RecordKindDeclarations

/**
 * Every record kind, in the store's order.
 *
 * @example
 * RECORD_KINDS[0] // 'conversation'
 */
export const RECORD_KINDS = Object.keys(RECORD_KIND_DECLARATIONS) as RecordKind[]
