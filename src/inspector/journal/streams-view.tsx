import type { StreamName } from '../../events/stream-paths.js'
import type { ViewProps } from '../view-props.js'
import { timeOfDay } from '../format.js'
import { DIRECTIONS } from './session-frames-view.js'

/**
 * Every stream live: clients connected to each, frames sent, and
 * the newest frames both ways as they went (↓ the mock's, ↑ a client's).
 *
 * @example
 * <StreamsView {...props} />
 */
export function StreamsView({ live }: ViewProps) {
  const streams = live.overview?.streams
  const frames = [...live.frames].reverse()
  return (
    // Focusable: on a narrow screen its frames scroll sideways, and the keyboard must reach them.
    <div class="cam-col cam-wide" tabIndex={0} role="region" aria-label="streams and frames">
      <div class="cam-cards">
        {(Object.keys(streams ?? {}) as StreamName[]).map((stream) => (
          <div class="cam-card" aria-label={`${stream} stream`} key={stream}>
            <div class="cam-note">{stream}</div>
            <strong>{streams?.[stream]?.clients ?? 0}</strong> client{streams?.[stream]?.clients === 1 ? '' : 's'}{' '}
            connected
            <div class="cam-note">{streams?.[stream]?.frames ?? 0} frames sent</div>
          </div>
        ))}
      </div>
      <h2>Frames</h2>
      <p class="cam-note">
        Each WebSocket's entry in the journal lists its frames both ways, with their time and size.
      </p>
      <table aria-label="frames">
        <thead>
          <tr>
            <th>time</th>
            <th>
              <abbr title="direction">dir</abbr>
            </th>
            <th>stream</th>
            <th>clients</th>
            <th>ids</th>
            <th>frame</th>
          </tr>
        </thead>
        <tbody>
          {frames.map((frame) => (
            <tr key={frame.id} data-stream={frame.stream} data-direction={frame.direction}>
              <td>{timeOfDay(frame.at)}</td>
              <td>
                <span
                  class={`cam-dir cam-dir-${frame.direction}`}
                  role="img"
                  aria-label={DIRECTIONS[frame.direction].words}
                  title={DIRECTIONS[frame.direction].words}
                >
                  {DIRECTIONS[frame.direction].arrow}
                </span>
              </td>
              <td>{frame.stream}</td>
              <td>{frame.clients}</td>
              <td>{frame.items}</td>
              <td class="cam-path" title={frame.text}>
                {frame.text}
                {frame.truncated ? '…' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {frames.length === 0 && (
        <p class="cam-note">No frames yet: they appear as stream clients connect and records change.</p>
      )}
    </div>
  )
}
