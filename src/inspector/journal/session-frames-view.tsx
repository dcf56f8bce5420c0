import type { JournalDetail } from '../../control/inspection/inspection.js'

/**
 * A WebSocket session's frames sent, newest kept, and any copilot answers
 * they carry as the text a user reads (each answer's chunks joined).
 *
 * @example
 * <SessionFramesView frames={detail.frames} />
 */
export function SessionFramesView({ frames }: { frames: NonNullable<JournalDetail['frames']> }) {
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
        Frames sent ({frames.texts.length}
        {frames.dropped > 0 ? `, ${frames.dropped} earlier ones let go` : ''})
      </h3>
      <ol class="cam-frames" aria-label="session frames" tabIndex={0}>
        {frames.texts.map((text, at) => (
          <li key={at}>{text}</li>
        ))}
      </ol>
    </>
  )
}
