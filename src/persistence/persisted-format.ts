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

/**
 * The version of a `--persist` state file: a header line, one line per
 * record or tombstone, and an end line (JSON Lines). Version 1 files (one
 * JSON text, as `GET /__mock/state` answers) are still read, and rewritten
 * in this version.
 *
 * @example
 * JSON.parse(firstLine).version === STATE_FILE_VERSION
 */
export const STATE_FILE_VERSION = 2
