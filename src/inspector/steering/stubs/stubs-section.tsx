import { useState } from 'preact/hooks'
import type { ViewProps } from '../../view-props.js'
import { ActionError, inScope } from '../../action-error.js'
import { useLoad } from '../../live/use-load.js'
import { StubForm } from './stub-form.js'
import { StubList } from './stub-list.js'

/**
 * The stubs waiting — canned answers for the requests they match — each
 * removable, and the form that adds one. The list loads again after each
 * change made here, each request the mock answers (a stub counts down), each
 * change of the stubs the feed tells of (made through the control API, say) and a
 * reset.
 *
 * @example
 * <StubsSection {...props} />
 */
export function StubsSection({ connection, live, act: run }: ViewProps) {
  const act = inScope(run, 'stubs')
  const [revision, setRevision] = useState(0)
  const [said, setSaid] = useState<string>()
  const reload = () => setRevision((at) => at + 1)
  const lastRequest = live.rows.at(-1)?.id
  const stubs = useLoad(
    () => connection.stubs(),
    [revision, lastRequest, live.steeringVersion, live.version, live.overview?.instance],
  )

  return (
    <section aria-label="stubs">
      {/* Focus lands here once the last stub is removed. */}
      <h2 tabIndex={-1}>Stubs</h2>
      {stubs === undefined ? (
        <p class="cam-note">Loading…</p>
      ) : (
        <StubList
          stubs={stubs}
          connection={connection}
          act={act}
          removed={() => {
            setSaid(undefined)
            reload()
          }}
        />
      )}
      <h3>Add a stub</h3>
      <StubForm
        connection={connection}
        act={act}
        added={(id) => {
          setSaid(`Added ${id}: it answers the requests it matches until it is removed or used up.`)
          reload()
        }}
      />
      {said && (
        <p class="cam-note" role="status">
          {said}
        </p>
      )}
      <ActionError scope="stubs" />
    </section>
  )
}
