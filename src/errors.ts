/**
 * What went wrong with a request, independent of the transport. Each code maps
 * to exactly one HTTP status in {@link statusOf}.
 */
export type MockErrorCode =
  | 'NOT_FOUND'
  | 'GONE'
  | 'INVALID_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVER_BUSY'
  | 'INTERNAL'
  | 'NOT_IMPLEMENTED'
  | 'UPGRADE_REQUIRED'
  | 'NOT_DURABLE'
  | 'STORE_FULL'

const STATUS_BY_CODE: Record<MockErrorCode, number> = {
  // The spec declares 500 for every failure of these operations, unknown ids included.
  NOT_FOUND: 500,
  GONE: 410,
  // The spec allows no 4xx: malformed input answers the declared 500 with a clear message.
  INVALID_REQUEST: 500,
  PAYLOAD_TOO_LARGE: 413,
  // The standalone server is reading as many request bodies as it may hold at once.
  SERVER_BUSY: 503,
  INTERNAL: 500,
  // An operation of the official client the mock does not implement.
  NOT_IMPLEMENTED: 501,
  // A plain GET on a path the service serves only as a WebSocket stream.
  UPGRADE_REQUIRED: 426,
  // A write the standalone server could not get onto disk (--persist, durable): refused and not applied.
  NOT_DURABLE: 507,
  // A write past the store's byte budget (maxStoreBytes): refused, nothing changed.
  STORE_FULL: 507,
}

/**
 * A domain error: an answer the mock gives on purpose, with a code that maps to a status.
 *
 * @example
 * throw new MockServiceError('GONE', 'Asset no longer exists and is Gone.')
 */
export class MockServiceError extends Error {
  override readonly name = 'MockServiceError'

  constructor(
    readonly code: MockErrorCode,
    message: string,
  ) {
    super(message)
  }

  /** The HTTP status this error answers with. */
  get status(): number {
    return statusOf(this.code)
  }
}

/**
 * The HTTP status of an error code: the one place codes meet statuses.
 *
 * @example
 * statusOf('GONE') // 410
 */
function statusOf(code: MockErrorCode): number {
  return STATUS_BY_CODE[code]
}

/**
 * Runs one of the two snapshot reads whose only failure status in the spec is
 * 410 (`GET /conversation/{id}`, `GET /asset/{id}`): any refusal of the mock
 * there (an id it cannot hold, a bad query value) answers 410 with its message.
 *
 * @example
 * run: (context) => goneOnRefusal(() => json(toAsset(readAsset(context, { unknown: 'GONE' }), wire)))
 */
export function goneOnRefusal<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof MockServiceError && error.code !== 'GONE') throw new MockServiceError('GONE', error.message)
    throw error
  }
}
