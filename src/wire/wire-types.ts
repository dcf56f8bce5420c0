import type {
  Activity,
  Anchor,
  AnchorPoint,
  Annotation,
  Application,
  Asset,
  Conversation,
  ConversationMessage,
  FlattenedAsset,
  FlattenedFormat,
  Format,
  GroupedTimestamp,
  IdentifiedWorkstreamPatternEngineSource,
  Hint,
  Model,
  Person,
  Range,
  Sensitive,
  Share,
  Tag,
  UserProfile,
  Website,
  WorkstreamEvent,
  WorkstreamPatternEngineSourceWindow,
  WorkstreamSummary,
} from '@pieces.app/pieces-os-client'
import type { MachinePartView } from './records/machine-part.js'
import type {
  ActivityRecord,
  AnchorPointRecord,
  AnchorRecord,
  AnnotationRecord,
  ApplicationRecord,
  AssetRecord,
  ConversationRecord,
  FormatRecord,
  HintRecord,
  MachinePartRecord,
  MessageRecord,
  ModelRecord,
  PersonRecord,
  RangeRecord,
  RecordKind,
  RecordOf,
  SourceRecord,
  SourceWindowRecord,
  SensitiveRecord,
  ShareRecord,
  TagRecord,
  UserRecord,
  WebsiteRecord,
  WorkstreamEventRecord,
  WorkstreamSummaryRecord,
} from '../store/schemas/schemas.js'

/**
 * The JSON form of one of the official client's model types: what travels on
 * the wire before `XFromJSON` turns `value` strings into `Date`s.
 *
 * @example
 * const timestamp: Wire<GroupedTimestamp> = { value: '2024-05-01T12:00:00.000Z' }
 */
export type Wire<T> = T extends Date
  ? string
  : T extends ReadonlyArray<infer U>
    ? Array<Wire<U>>
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T

/**
 * Each serializer's record and the client's model it gives, by name: the
 * forms `SERIALIZERS` (serializers.ts) must build, written here so that the
 * serializers' context can name them without importing the serializers.
 */
interface SerializedForms {
  conversation: [ConversationRecord, Conversation]
  message: [MessageRecord, ConversationMessage]
  annotation: [AnnotationRecord, Annotation]
  asset: [AssetRecord, Asset]
  flattenedAsset: [AssetRecord, FlattenedAsset]
  format: [FormatRecord, Format]
  flattenedFormat: [FormatRecord, FlattenedFormat]
  activity: [ActivityRecord, Activity]
  tag: [TagRecord, Tag]
  website: [WebsiteRecord, Website]
  anchor: [AnchorRecord, Anchor]
  range: [RangeRecord, Range]
  workstreamSummary: [WorkstreamSummaryRecord, WorkstreamSummary]
  person: [PersonRecord, Person]
  workstreamEvent: [WorkstreamEventRecord, WorkstreamEvent]
  source: [SourceRecord, IdentifiedWorkstreamPatternEngineSource]
  sourceWindow: [SourceWindowRecord, WorkstreamPatternEngineSourceWindow]
  application: [ApplicationRecord, Application]
  model: [ModelRecord, Model]
  user: [UserRecord, UserProfile]
  hint: [HintRecord, Hint]
  sensitive: [SensitiveRecord, Sensitive]
  share: [ShareRecord, Share]
  anchorPoint: [AnchorPointRecord, AnchorPoint]
  machinePart: [MachinePartRecord, MachinePartView]
}

/** The name of a serializer: a record kind, or a flattened form a kind also travels in. */
export type SerializerName = keyof SerializedForms

/** The record a serializer takes. */
export type SerializedRecord<S extends SerializerName> = SerializedForms[S][0]

/** The wire form a serializer gives. */
export type SerializedWire<S extends SerializerName> = Wire<SerializedForms[S][1]>

/**
 * A serializer: builds the wire form of one record, reading other data
 * through its context only.
 *
 * @example
 * const build: Serializer<'tag'> = buildTag
 */
export type Serializer<S extends SerializerName> = (
  record: SerializedRecord<S>,
  context: WireContext,
) => SerializedWire<S>

/**
 * What a serializer works with: the time and the `transferables` flag of the
 * answer, and the only ways it reaches other data, so that what it builds can
 * be kept and given again exactly while it would still come out the same.
 */
export interface WireContext {
  /** The time `readable` timestamps are relative to. */
  readonly now: Date
  /** False leaves transferable payloads (fragments, files) out. Default true. */
  readonly transferables: boolean
  /** Reads a linked record; the value being built is rebuilt once that record changes. */
  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined
  /** A stored timestamp as `{ value, readable }`; the value being built is rebuilt once the text changes. */
  timestamp(iso: string): Wire<GroupedTimestamp>
  /**
   * The ids taken out of a record's link field since the last restart: they
   * stay in the field's `indices` as `-1` (contract §8.2). They change only
   * with the record itself, so what is built from them is kept with it.
   */
  removedLinks(kind: RecordKind, id: string, field: string): ReadonlySet<string> | undefined
  /** Another record's wire form, built or given again by the renderer. */
  render<S extends SerializerName>(name: S, record: SerializedRecord<S>): SerializedWire<S>
}
