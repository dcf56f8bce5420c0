import type { Journal } from '../control/journal/journal.js'
import type { SessionFrameLog } from '../control/journal/session-frames.js'
import type { StreamConnectionHooks } from '../events/stream-connection.js'
import type { Clock } from '../store/clock-and-ids/clock.js'

/**
 * How a mock journals its WebSockets, accepted or refused, whatever the
 * transport: each one opened is recorded, and the frames sent both ways logged.
 *
 * @example
 * const connections = connectionJournal(clock, journal, createSessionFrameLog())
 */
export function connectionJournal(
  clock: Clock,
  journal: Journal,
  sessionFrames: SessionFrameLog,
): StreamConnectionHooks {
  return {
    now: () => clock.now(),
    opened(connection) {
      const changed = journal.recordConnection(connection)
      sessionFrames.open(connection, journal.lastId)
      return changed
    },
    sent: (connection, frame) => sessionFrames.sent(connection, frame),
    received: (connection, frame) => sessionFrames.received(connection, frame),
  }
}
