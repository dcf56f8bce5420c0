import type { JournalDetail } from '../../control/inspection/inspection.js'
import { byteSize } from '../format.js'

/** The arrow and words of each direction, seen from the client as the browser's Network panel sees it. */
export const DIRECTIONS = {
  received: { arrow: '↑', words: 'sent by the client' },
  sent: { arrow: '↓', words: 'sent by the mock' },
} as const

/**
 * A WebSocket session's frames both ways, newest kept: each with its
 * direction (↑ the client's, ↓ the mock's), its time since the upgrade, its
 * size and its text; and any copilot answers they carry as the text a user
 * reads (each answer's chunks joined).
 *
 * @example
 * <SessionFramesView frames={detail.frames} />
 */
export function SessionFramesView({ frames }: { frames: NonNullable<JournalDetail['frames']> }) {
  const received = frames.frames.filter((frame) => frame.direction === 'received').length
  return (
    <>
      {frames.answers.map((answer) => (
        <section key={answer.request} aria-label="copilot answer">
          <h3>
            Copilot answer <span class="cam-badge">{answer.status.toLowerCase()}</span>
          </h3>
          <p class="cam-answer">{answer.text || '(no text yet)'}</p>
        </section>
      ))}
      <h3>
        Frames ({frames.frames.length - received} sent by the mock, {received} by the client
        {frames.dropped > 0 ? `, ${frames.dropped} earlier ones let go` : ''})
      </h3>
      <ol class="cam-frames" aria-label="session frames" tabIndex={0}>
        {frames.frames.map((frame, at) => {
          const { arrow, words } = DIRECTIONS[frame.direction]
          return (
            <li key={at} data-direction={frame.direction}>
              <span class={`cam-dir cam-dir-${frame.direction}`} role="img" aria-label={words} title={words}>
                {arrow}
              </span>{' '}
              <span class="cam-note">
                +{frame.at.toFixed(1)} ms · {byteSize(frame.size)}
              </span>{' '}
              {frame.binary ? <span class="cam-note">(binary)</span> : frame.text}
            </li>
          )
        })}
      </ol>
    </>
  )
}
