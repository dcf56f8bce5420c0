/**
 * What the service says about itself: the version `GET /.well-known/version`
 * answers, and the id of the service instance (`Context.os`, `Health.os.id`).
 */
export interface ServiceInfo {
  readonly version: string
  readonly os: string
}

/**
 * The version the mock answers unless told otherwise: a `major.minor.patch`
 * inside the range the official SDKs accept (the Python SDK checks
 * `>=12.0.0 <13.0.0`).
 *
 * @example
 * createMockService({ version: DEFAULT_SERVICE_VERSION })
 */
export const DEFAULT_SERVICE_VERSION = '12.3.0'

/** The id of the mock's service instance: the same on every run, so answers are deterministic. */
const MOCK_OS_ID = '0500e000-0000-4000-8000-000000000001'

/**
 * The service info of a mock, from its `version` option. A version with
 * whitespace or none at all is a programmer error.
 *
 * @example
 * serviceInfo('12.3.0') // { version: '12.3.0', os: '0500e000-…' }
 */
export function serviceInfo(version: string = DEFAULT_SERVICE_VERSION): ServiceInfo {
  if (typeof version !== 'string' || !/^\S+$/.test(version)) {
    throw new Error(
      `Failed to create the mock service: version ${JSON.stringify(version)} is not a version string. Pass one such as "${DEFAULT_SERVICE_VERSION}" (major.minor.patch, no spaces).`,
    )
  }
  return { version, os: MOCK_OS_ID }
}
