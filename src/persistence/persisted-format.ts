/**
 * The format tag of a persisted demo state: the `format` field of the text
 * `persist` keeps and `GET /__mock/state` answers.
 *
 * @example
 * JSON.parse(text).format === PERSISTED_FORMAT
 */
export const PERSISTED_FORMAT = 'conversation-asset-mock/state'

/**
 * The version of a persisted demo state; a change of shape bumps it.
 *
 * @example
 * JSON.parse(text).version === PERSISTED_VERSION
 */
export const PERSISTED_VERSION = 1
