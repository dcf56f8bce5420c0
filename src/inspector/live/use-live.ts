import { useEffect, useState } from 'preact/hooks'
import type { Connection } from './connection.js'
import { followLive } from './follow-live.js'
import type { LiveState } from './live-state.js'

export type { LiveState } from './live-state.js'

/**
 * Follows a mock live: loads the overview, journal rows and frames when the
 * feed (re)connects, then applies the feed's events, batched.
 *
 * @example
 * const live = useLive(connection)
 */
export function useLive(connection: Connection): LiveState {
  const [state, setState] = useState<LiveState>({
    rows: [],
    dropped: 0,
    frames: [],
    version: 0,
    machineVersion: 0,
    steeringVersion: 0,
    clockReadAt: 0,
    connected: false,
  })

  useEffect(() => followLive(connection, setState), [connection])

  return state
}
