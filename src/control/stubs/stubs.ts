import { invariant } from 'outvariant'
import type { OperationName } from '../../routes/operation-names.js'
import type { StubEffect } from '../../execution/execute-operation.js'
import type { ByteBudget } from '../budget/control-budget.js'
import { tellListeners } from '../tell-listeners.js'
import { containsMatch } from '../verify/contains-match.js'
import { stubAnswer } from './stub-answer.js'
import { checkStubSpec, type StubRequest, type StubSpec } from './stub-spec.js'

export type { StubAnswer, StubRequest, StubSpec } from './stub-spec.js'

/** The most stubs a mock holds at once. */
const MAX_STUBS = 1_000

/** What a stub counts besides its texts: its fields, its matcher and its place in the list. */
const STUB_BYTES = 512

/** A budget that refuses nothing, for a registry that shares none. */
const UNBOUNDED: ByteBudget = { admit() {}, charge() {} }

/** A stub as the registry keeps it. */
export interface Stub extends StubSpec {
  readonly id: string
  /** Requests it still answers; Infinity for every one. */
  remaining: number
}

/** The stubs of a mock service: canned answers for the requests they match. */
export interface Stubs {
  /** Adds a stub; throws a message naming what to fix for one that cannot work (400 over HTTP). */
  add(spec: StubSpec): Stub
  remove(id: string): boolean
  clear(): void
  list(): readonly Stub[]
  /** Whether no stub is waiting: a request then pays for no matching at all. */
  isEmpty(): boolean
  /** Takes the first stub that matches a request (counting it down), with the answer it gives. */
  take(request: StubRequest): StubEffect | undefined
  /** Hears of every stub added, removed, cleared or counted down; returns the function that stops listening. */
  subscribe(listener: () => void): () => void
}

/**
 * Creates a stub registry; `resolveOperation` turns an operation name into
 * the id requests carry (or throws for an unknown one). Each stub counts its
 * JSON against `budget` (the control plane's): one that does not fit is
 * refused (STORE_FULL, 507) and nothing is added; a stub used up, removed or
 * cleared gives its bytes back.
 *
 * @example
 * const stubs = createStubs()
 * stubs.add({ operation: 'assetSnapshot', params: { asset: 'a1' }, answer: { status: 404 } })
 */
export function createStubs(
  resolveOperation: (name: string) => string = (name) => name,
  budget: ByteBudget = UNBOUNDED,
): Stubs {
  let stubs: (Stub & { matches(request: StubRequest): boolean; readonly bytes: number })[] = []
  const letGo = (gone: readonly { readonly bytes: number }[]) => {
    for (const stub of gone) budget.charge(-stub.bytes)
  }
  let counter = 0
  const listeners = new Set<() => void>()
  const changed = () => tellListeners(listeners)
  return {
    add(spec) {
      const checked = checkStubSpec(spec)
      invariant(stubs.length < MAX_STUBS, 'Failed to add a stub: %s are waiting. Remove some first.', MAX_STUBS)
      const named = checked.operation
      // The id requests carry, whichever name the stub was given (the spec's id or the client's method).
      const operation = named === undefined || named === '*' ? named : (resolveOperation(named) as OperationName)
      const stub: Stub = {
        ...checked,
        ...(operation !== undefined && { operation }),
        id: `stub-${++counter}`,
        remaining: checked.times ?? Infinity,
      }
      // Functions (a predicate, bodyFrom) count as a slot: they are the caller's, held by reference.
      const bytes = STUB_BYTES + (JSON.stringify(checked) ?? '').length
      budget.admit(bytes)
      budget.charge(bytes)
      stubs.push({ ...stub, matches: matcherOf(stub), bytes })
      changed()
      return stub
    },
    remove(id) {
      const gone = stubs.filter((stub) => stub.id === id)
      stubs = stubs.filter((stub) => stub.id !== id)
      letGo(gone)
      if (gone.length > 0) changed()
      return gone.length > 0
    },
    clear() {
      const had = stubs.length > 0
      letGo(stubs)
      stubs = []
      if (had) changed()
    },
    list: () => stubs.map(({ matches: _matches, bytes: _bytes, ...stub }) => stub),
    isEmpty: () => stubs.length === 0,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    take(request) {
      const stub = stubs.find((candidate) => candidate.remaining > 0 && candidate.matches(request))
      if (!stub) return undefined
      stub.remaining -= 1
      if (stub.remaining === 0) {
        stubs = stubs.filter((candidate) => candidate !== stub)
        letGo([stub])
      }
      changed()
      return {
        stubId: stub.id,
        ...(stub.answer.delayMs !== undefined && { delayMs: stub.answer.delayMs }),
        answer: stubAnswer(stub.answer, request),
      }
    },
  }
}

/** Whether a request is one a stub answers. */
function matcherOf(spec: StubSpec): (request: StubRequest) => boolean {
  const path = spec.path === undefined ? undefined : pathPattern(spec.path)
  const method = spec.method?.toUpperCase()
  return (request) =>
    (spec.operation === undefined || spec.operation === '*' || spec.operation === request.operation) &&
    (method === undefined || method === request.method) &&
    (path === undefined || path.test(request.path)) &&
    entriesMatch(spec.params, (name) => request.params[name]) &&
    entriesMatch(spec.query, (name) => request.query.get(name) ?? undefined) &&
    entriesMatch(spec.headers, (name) => request.header(name.toLowerCase())) &&
    bodyMatches(spec.body, request)
}

/** `/asset/:asset` as a pattern of the path as sent: each `:name` one segment. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${source}$`)
}

function entriesMatch(
  expected: Readonly<Record<string, string>> | undefined,
  actual: (name: string) => string | undefined,
): boolean {
  return expected === undefined || Object.entries(expected).every(([name, value]) => actual(name) === value)
}

function bodyMatches(expected: unknown, request: StubRequest): boolean {
  if (expected === undefined) return true
  if (typeof expected === 'function')
    return (expected as (body: unknown, request: StubRequest) => boolean)(request.body, request) === true
  return containsMatch(request.body, expected)
}
