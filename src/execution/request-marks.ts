/**
 * The moments of one request on the mock's way through it, by the process's
 * monotonic clock (`performance.now()`): made by the transport when the
 * request arrives, marked by the executor around the operation and by the
 * transport as it writes the answer. A few numbers, filled in place; the
 * journal reads its phases from them (`requestPhases`).
 */
export interface RequestMarks {
  /** When the transport had the request (its head; the body is read in `queued`). */
  readonly received: number
  /** When the executor began it (routing and the body read behind it). */
  started?: number
  /** When its answer was ready (the operation run, a fault's or the mock's latency waited). */
  handled?: number
  /** When the answer was serialized and handed to the connection (its whole body, or its head for a streamed one). */
  written?: number
  /** For a streamed answer (a large list in pieces, a live answer's chunks): when its first and last piece went out. */
  firstPiece?: number
  lastPiece?: number
}

/** The mock's phases of one request, in milliseconds. */
export interface RequestPhases {
  /** From the request's arrival to the start of its handler: routing and reading its body. */
  readonly queued: number
  /** The operation run (a fault's or the mock's latency included). */
  readonly handled: number
  /** The answer serialized and written; absent while it is not yet written or for a transport that does not say. */
  readonly written?: number
  /** For a streamed answer: from its first piece to its last; absent for any other. */
  readonly streamed?: number
}

/**
 * Marks for a request arriving now.
 *
 * @example
 * const marks = requestMarks()
 * service.answer(route, { ...request, marks })
 */
export function requestMarks(): RequestMarks {
  return { received: performance.now() }
}

/**
 * The phases of a request from its marks, once its handler ran; undefined before.
 *
 * @example
 * requestPhases({ received: 10, started: 11, handled: 14, written: 14.5 }) // { queued: 1, handled: 3, written: 0.5 }
 */
export function requestPhases(marks: RequestMarks): RequestPhases | undefined {
  const { received, started, handled, written, firstPiece, lastPiece } = marks
  if (started === undefined || handled === undefined) return undefined
  return {
    queued: Math.max(0, started - received),
    handled: Math.max(0, handled - started),
    ...(written !== undefined && { written: Math.max(0, written - handled) }),
    ...(firstPiece !== undefined && lastPiece !== undefined && { streamed: Math.max(0, lastPiece - firstPiece) }),
  }
}
