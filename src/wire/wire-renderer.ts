import type { GroupedTimestamp } from '@pieces.app/pieces-os-client'
import { instantOf } from '../store/clock-and-ids/clock.js'
import type { Store } from '../store/create-store.js'
import type { RecordKind, RecordOf } from '../store/schemas/schemas.js'
import type { KnownSizes } from './json/json-size.js'
import { createReadableTime, type ReadableTime, type TimeWindow } from './readable-time.js'
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
  /** The sizes of the wire forms the renderer keeps, counted once each when an answer is sized. */
  readonly sizes: KnownSizes
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
 * The most wire forms one answer keeps. A list of a million records builds a
 * million forms, one at a time as it is written out: keeping them all would
 * hold the whole answer in memory after all. The first ones (the start of the
 * list, and whole answers of ordinary size) are kept as before.
 */
const MAX_KEPT_PER_ANSWER = 16_384

/** By serializer, then by `transferables` (false, true): the kept forms by record object. */
type KeptForms = Map<SerializerName, [WeakMap<object, Kept>, WeakMap<object, Kept>]>

/**
 * The serialized sizes of the kept wire forms, and the JSON text of those
 * answered whole (a record read by its id): a form is never edited, so its
 * size and its text, once made, hold for as long as the form is alive, and
 * are let go with it. Only kept forms are counted; an answer's own objects
 * are not. A start-up that reads each of 20,000 records once by its id (its
 * own form each time it is read again) then serializes each form once.
 */
class FormSizes implements KnownSizes {
  /** By kept form: its size, or -1 until it is counted; its text once it was answered whole. */
  private readonly sizes = new WeakMap<object, number | string>()

  keep(form: unknown): void {
    if (typeof form === 'object' && form !== null) this.sizes.set(form, -1)
  }

  sizeOf(value: object): number | undefined {
    const size = this.sizes.get(value)
    if (typeof size === 'string') return size.length
    return size === undefined || size < 0 ? undefined : size
  }

  counted(value: object, size: number): void {
    if (typeof this.sizes.get(value) === 'number') this.sizes.set(value, size)
  }

  textOf(value: object): string | undefined {
    const text = this.sizes.get(value)
    return typeof text === 'string' ? text : undefined
  }

  written(value: object, text: string): void {
    if (this.sizes.has(value)) this.sizes.set(value, text)
  }
}

/** What every context of one answer shares: the renderer's parts, the time, and the values being built. */
class AnswerState {
  /** The values being built, innermost last; the first stands for the answer itself. */
  readonly frames: Frame[] = [{ from: -Infinity, to: Infinity, reads: [] }]
  readonly instant: number
  /** How many forms this answer has kept so far (at most {@link MAX_KEPT_PER_ANSWER}). */
  keptCount = 0

  constructor(
    readonly store: Store,
    readonly readable: ReadableTime,
    readonly kept: KeptForms,
    readonly sizes: FormSizes,
    readonly now: Date,
    readonly keep: boolean,
  ) {
    this.instant = now.getTime()
  }

  top(): Frame {
    return this.frames[this.frames.length - 1]!
  }

  /** A nested value's window and reads become its parent's too (the answer itself needs no reads). */
  inherit(from: number, to: number, reads: readonly unknown[]): void {
    const parent = this.top()
    narrow(parent, from, to)
    if (this.frames.length > 1) for (const read of reads) parent.reads.push(read)
  }

  keptOf(name: SerializerName, transferables: boolean): WeakMap<object, Kept> {
    let pair = this.kept.get(name)
    if (!pair) this.kept.set(name, (pair = [new WeakMap(), new WeakMap()]))
    return pair[transferables ? 1 : 0]
  }

  stillStored(reads: readonly unknown[]): boolean {
    for (let at = 0; at < reads.length; at += 3) {
      if (this.store.get(reads[at] as RecordKind, reads[at + 1] as string) !== reads[at + 2]) return false
    }
    return true
  }
}

/** The context serializers of one answer work with, for one `transferables` flag. */
class AnswerContext implements AnswerWire {
  private sibling: AnswerContext | undefined

  constructor(
    private readonly state: AnswerState,
    readonly transferables: boolean,
  ) {}

  get now(): Date {
    return this.state.now
  }

  get sizes(): KnownSizes {
    return this.state.sizes
  }

  get window(): TimeWindow {
    const [root] = this.state.frames
    return { from: root!.from, to: root!.to }
  }

  withTransferables(transferables: boolean): WireContext {
    if (transferables === this.transferables) return this
    this.sibling ??= new AnswerContext(this.state, transferables)
    return this.sibling
  }

  removedLinks(kind: RecordKind, id: string, field: string): ReadonlySet<string> | undefined {
    return this.state.store.removedLinks(kind, id, field)
  }

  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined {
    const record = this.state.store.get(kind, id)
    if (this.state.frames.length > 1) this.state.top().reads.push(kind, id, record)
    return record
  }

  timestamp(iso: string): Wire<GroupedTimestamp> {
    const { readable, instant } = this.state
    // A record written just now carries the text the clock formatted last: its instant is known without parsing.
    const at = instantOf(iso)
    const window = readable.window(at, instant)
    narrow(this.state.top(), window.from, window.to)
    return { value: iso, readable: readable.text(at, instant) }
  }

  render<S extends SerializerName>(name: S, record: SerializedRecord<S>): SerializedWire<S> {
    const { state } = this
    const forms = state.keptOf(name, this.transferables)
    const found = forms.get(record)
    if (found && found.from <= state.instant && state.instant <= found.to && state.stillStored(found.reads)) {
      state.inherit(found.from, found.to, found.reads)
      return found.value as SerializedWire<S>
    }
    const frame: Frame = { from: -Infinity, to: Infinity, reads: [] }
    state.frames.push(frame)
    let value: SerializedWire<S>
    try {
      const serialize = SERIALIZERS[name] as (record: SerializedRecord<S>, context: WireContext) => SerializedWire<S>
      value = serialize(record, this)
    } finally {
      state.frames.pop()
    }
    if (state.keep && state.keptCount < MAX_KEPT_PER_ANSWER) {
      state.keptCount++
      forms.set(record, { value, from: frame.from, to: frame.to, reads: frame.reads })
      state.sizes.keep(value)
    }
    state.inherit(frame.from, frame.to, frame.reads)
    return value
  }
}

function narrow(frame: Frame, from: number, to: number): void {
  if (from > frame.from) frame.from = from
  if (to < frame.to) frame.to = to
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
  const kept: KeptForms = new Map()
  const sizes = new FormSizes()
  // A replacement (reset, restore) may bring back record objects whose forms were built with
  // removed links the replacement forgets: nothing kept survives it.
  store.subscribe((event) => {
    if (event.type === 'replace') kept.clear()
  })
  return {
    answer: ({ now, transferables, keep }) =>
      new AnswerContext(new AnswerState(store, readable, kept, sizes, now, keep), transferables),
  }
}
