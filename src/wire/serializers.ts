import { buildActivity, buildAsset, buildFlattenedAsset, buildFlattenedFormat, buildFormat } from './records/asset.js'
import { buildAnnotation, buildConversation, buildConversationMessage } from './records/conversation.js'
import { buildApplication, buildModel, buildUserProfile } from './records/service-records.js'
import type { RecordKind, RecordKindDeclarations } from '../store/kinds/record-kinds.js'
import type { RecordOf } from '../store/schemas/schemas.js'
import { buildPerson } from './records/person.js'
import { buildWorkstreamEvent } from './records/workstream-event.js'
import { buildAnchor, buildRange, buildTag, buildWebsite, buildWorkstreamSummary } from './records/linked-records.js'
import { buildSource, buildSourceWindow } from './records/source-records.js'
import type { Serializer, SerializerName } from './wire-types.js'
import { buildMachinePart } from './records/machine-part.js'
import { buildAnchorPoint, buildHint, buildSensitive, buildShare } from './records/asset-details.js'

/**
 * The serializer each record kind declares (its declaration's `serializer`),
 * taking that kind's records: a kind whose serializer is missing from
 * {@link SERIALIZERS}, or reads other records, fails the typecheck.
 */
type DeclaredSerializers = {
  readonly [K in RecordKind as RecordKindDeclarations[K]['serializer']]: (
    record: RecordOf<K>,
    context: never,
  ) => unknown
}

/**
 * Every serializer of the mock, by name: the only table the renderer builds
 * wire forms from, so a new one is kept and given again like the others. A
 * serializer reads linked records and timestamps through its context only.
 *
 * @example
 * wire.render('asset', asset) // runs SERIALIZERS.asset, or gives the form kept for that record
 */
export const SERIALIZERS = {
  conversation: buildConversation,
  message: buildConversationMessage,
  annotation: buildAnnotation,
  asset: buildAsset,
  flattenedAsset: buildFlattenedAsset,
  format: buildFormat,
  flattenedFormat: buildFlattenedFormat,
  activity: buildActivity,
  tag: buildTag,
  website: buildWebsite,
  anchor: buildAnchor,
  range: buildRange,
  workstreamSummary: buildWorkstreamSummary,
  person: buildPerson,
  workstreamEvent: buildWorkstreamEvent,
  source: buildSource,
  sourceWindow: buildSourceWindow,
  application: buildApplication,
  model: buildModel,
  user: buildUserProfile,
  hint: buildHint,
  sensitive: buildSensitive,
  share: buildShare,
  anchorPoint: buildAnchorPoint,
  machinePart: buildMachinePart,
} as const satisfies DeclaredSerializers & { readonly [S in SerializerName]: Serializer<S> }
