import type { GroupedTimestamp } from '@pieces.app/pieces-os-client'
import type { Store } from '../store/create-store.js'
import type { RecordKind, RecordOf } from '../store/schemas.js'
import { createReadableTime, type TimeWindow } from './readable-time.js'
import { SERIALIZERS } from './serializers.js'
import type { SerializedRecord, SerializedWire, SerializerName, Wire, WireContext } from './wire-types.js'

/** One kept wire form: the value, when its readable texts hold, and the linked records it was built from. */
interface Kept {
  readonly value: unknown
  readonly from: number
  readonly to: number
  /** `[kind, id, record]` triples, flat: the value holds while `store.get(kind, id)` is still `record`. */
  readonly reads: readonly unknown[]
}

/** What one value being built has read so far. */
interface Frame {
  from: number
  to: number
  reads: unknown[]
}

/** The wire context of one answer, and what its readable texts allow. */
interface AnswerWire extends WireContext {
  /** The instants for which everything rendered so far reads the same. */
  readonly window: TimeWindow
  /** The same answer's context with another `transferables` flag. */
  withTransferables(transferables: boolean): WireContext
}

/** Turns one store's records into the official client's JSON, keeping what it builds for reads. */
export interface WireRenderer {
  /**
   * A context for one answer at `now`. With `keep`, the wire forms built are
   * kept by record object and given again while they would come out the same
   * (reads); without it, nothing new is kept (a write's one answer).
   */
  answer(options: { now: Date; transferables: boolean; keep: boolean }): AnswerWire
}

/**
 * Creates the renderer of a store: the one place wire forms are built and
 * kept. Records are never edited in place (a write stores a new object), so a
 * kept form is given again while its record is the same object, every linked
 * record it read (`context.get`) is still the stored one, and the clock is
 * inside the window in which its readable texts read the same: byte for byte
 * what building it again would give. Kept forms are shared: nothing may edit
 * them.
 *
 * @example
 * const renderer = createWireRenderer(store)
 * const wire = renderer.answer({ now: new Date(), transferables: true, keep: true })
 * wire.render('conversation', store.get('conversation', id)!)
 */
export function createWireRenderer(store: Store): WireRenderer {
  const readable = createReadableTime()
  /** By serializer, then by `transferables` (false, true): the kept forms by record object. */
  const kept = new Map<SerializerName, [WeakMap<object, Kept>, WeakMap<object, Kept>]>()
  const keptOf = (name: SerializerName, transferables: boolean) => {
    let pair = kept.get(name)
    if (!pair) kept.set(name, (pair = [new WeakMap(), new WeakMap()]))
    return pair[transferables ? 1 : 0]
  }

  function stillStored(reads: readonly unknown[]): boolean {
    for (let at = 0; at < reads.length; at += 3) {
      if (store.get(reads[at] as RecordKind, reads[at + 1] as string) !== reads[at + 2]) return false
    }
    return true
  }

  return {
    answer({ now, transferables, keep }) {
      const instant = now.getTime()
      const root: Frame = { from: -Infinity, to: Infinity, reads: [] }
      // The values being built, innermost last; the root stands for the answer itself.
      const frames: Frame[] = [root]
      const top = () => frames[frames.length - 1]!
      const narrow = (frame: Frame, from: number, to: number) => {
        if (from > frame.from) frame.from = from
        if (to < frame.to) frame.to = to
      }
      // What a nested value read, its parent read as well (the answer's own reads are not needed).
      const inherit = (from: number, to: number, reads: readonly unknown[]) => {
        const parent = top()
        narrow(parent, from, to)
        if (parent !== root) for (const read of reads) parent.reads.push(read)
      }

      const contextFor = (flag: boolean): WireContext => ({
        now,
        transferables: flag,
        get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined {
          const record = store.get(kind, id)
          const frame = top()
          if (frame !== root) frame.reads.push(kind, id, record)
          return record
        },
        timestamp(iso: string): Wire<GroupedTimestamp> {
          const at = Date.parse(iso)
          const window = readable.window(at, instant)
          narrow(top(), window.from, window.to)
          return { value: iso, readable: readable.text(at, instant) }
        },
        render<S extends SerializerName>(name: S, record: SerializedRecord<S>): SerializedWire<S> {
          const forms = keptOf(name, flag)
          const found = forms.get(record)
          if (found && found.from <= instant && instant <= found.to && stillStored(found.reads)) {
            inherit(found.from, found.to, found.reads)
            return found.value as SerializedWire<S>
          }
          const frame: Frame = { from: -Infinity, to: Infinity, reads: [] }
          frames.push(frame)
          let value: SerializedWire<S>
          try {
            value = (SERIALIZERS[name] as (record: SerializedRecord<S>, context: WireContext) => SerializedWire<S>)(
              record,
              context(flag),
            )
          } finally {
            frames.pop()
          }
          if (keep) forms.set(record, { value, from: frame.from, to: frame.to, reads: frame.reads })
          inherit(frame.from, frame.to, frame.reads)
          return value
        },
      })
      const contexts = new Map<boolean, WireContext>()
      const context = (flag: boolean) => {
        let found = contexts.get(flag)
        if (!found) contexts.set(flag, (found = contextFor(flag)))
        return found
      }
      const main = context(transferables)
      return {
        ...main,
        get window() {
          return { from: root.from, to: root.to }
        },
        withTransferables: context,
      }
    },
  }
}
