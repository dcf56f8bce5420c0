import { unimplementedStreamText } from '../routes/client-coverage.js'

/** A WebSocket upgrade refused, with the status and text the client is answered. */
export interface UpgradeRefusal {
  readonly status: number
  readonly text: string
}

/**
 * The refusal of an upgrade to a path no stream of the mock serves: 501
 * naming a stream of the official client the mock does not implement, 404
 * for any other path.
 *
 * @example
 * upgradeRefusal('/os/settings/stream').status // 501
 */
export function upgradeRefusal(path: string): UpgradeRefusal {
  const unimplemented = unimplementedStreamText(path)
  return unimplemented ? { status: 501, text: unimplemented } : { status: 404, text: 'No stream here.' }
}
