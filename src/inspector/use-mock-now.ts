import { useEffect, useState } from 'preact/hooks'
import type { LiveState } from './live/use-live.js'

/**
 * The mock's time now, as ISO-8601: the time it last said, run on by this
 * page's clock each second since unless the mock's clock is frozen.
 *
 * @example
 * const now = useMockNow(live)
 */
export function useMockNow(live: LiveState): string {
  const clock = live.overview!.clock
  const [, tick] = useState(0)
  useEffect(() => {
    if (clock.frozen) return undefined
    const timer = setInterval(() => tick((count) => count + 1), 1000)
    return () => clearInterval(timer)
  }, [clock.frozen])
  return clock.frozen ? clock.now : new Date(Date.parse(clock.now) + Date.now() - live.clockReadAt).toISOString()
}
