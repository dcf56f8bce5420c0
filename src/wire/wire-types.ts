import type { GroupedTimestamp } from '@pieces.app/pieces-os-client'
import type { RecordKind, RecordOf } from '../store/schemas/schemas.js'
import type { Serializers } from './serializers.js'

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

/** The name of a serializer: a record kind, or a flattened form a kind also travels in. */
export type SerializerName = keyof Serializers

/** The record a serializer takes. */
export type SerializedRecord<S extends SerializerName> = Parameters<Serializers[S]>[0]

/** The wire form a serializer gives. */
export type SerializedWire<S extends SerializerName> = ReturnType<Serializers[S]>

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
