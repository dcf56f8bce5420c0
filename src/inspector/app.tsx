import { useEffect, useState } from 'preact/hooks'
import { formatInstant, messageOf } from './format.js'
import { JournalView } from './journal-view.js'
import { RecordsView } from './records-view.js'
import { SteeringView } from './steering-view.js'
import { StreamsView } from './streams-view.js'
import { useLive, type LiveState } from './use-live.js'
import type { Selection, ViewProps } from './view-props.js'
import type { Connection } from './connection.js'

const TABS = ['records', 'journal', 'streams', 'steering'] as const
type Tab = (typeof TABS)[number]

/**
 * The inspector: a header with the scenario and the mock's time, and the
 * records, journal, streams and steering views.
 *
 * @example
 * render(<App connection={createRemoteConnection('')} layout="page" />, root)
 */
export function App({ connection, layout }: { connection: Connection; layout: 'page' | 'panel' }) {
  const live = useLive(connection)
  const [tab, setTab] = useState<Tab>('records')
  const [selection, setSelection] = useState<Selection>({ kind: 'conversation' })
  const [error, setError] = useState<string>()
  const act = (call: () => Promise<unknown>) => {
    setError(undefined)
    call().catch((failure: unknown) => setError(messageOf(failure)))
  }
  const props: ViewProps = { connection, live, act }
  const { overview } = live

  return (
    <div class={`cam cam-${layout}`}>
      <header>
        <h1>conversation-asset-mock</h1>
        {overview && <span class="cam-chip">scenario: {overview.scenario}</span>}
        {overview && <ClockChip live={live} />}
        {overview && (
          <span class="cam-chip">
            {overview.counts.conversation} conversations · {overview.counts.asset} assets
          </span>
        )}
        {!live.connected && <span class="cam-chip cam-offline">{overview ? 'reconnecting…' : 'connecting…'}</span>}
      </header>
      <nav role="tablist" aria-label="inspector views">
        {TABS.map((name) => (
          <button role="tab" aria-selected={tab === name} onClick={() => setTab(name)} key={name}>
            {name[0]!.toUpperCase() + name.slice(1)}
          </button>
        ))}
      </nav>
      {error && (
        <div class="cam-error" role="alert">
          <span>{error}</span>
          <button class="cam-btn" onClick={() => setError(undefined)}>
            Dismiss
          </button>
        </div>
      )}
      <main>
        {tab === 'records' && <RecordsView {...props} selection={selection} select={setSelection} />}
        {tab === 'journal' && <JournalView {...props} />}
        {tab === 'streams' && <StreamsView {...props} />}
        {tab === 'steering' && <SteeringView {...props} />}
      </main>
    </div>
  )
}

/** The mock's time, running on between updates unless frozen. */
function ClockChip({ live }: { live: LiveState }) {
  const clock = live.overview!.clock
  const [, tick] = useState(0)
  useEffect(() => {
    if (clock.frozen) return undefined
    const timer = setInterval(() => tick((count) => count + 1), 1000)
    return () => clearInterval(timer)
  }, [clock.frozen])
  const shown = clock.frozen ? clock.now : new Date(Date.parse(clock.now) + Date.now() - live.clockReadAt).toISOString()
  return (
    <span class={`cam-chip${clock.frozen ? ' cam-frozen' : ''}`} aria-label="mock time">
      {clock.frozen ? 'frozen at ' : ''}
      {formatInstant(shown)}
    </span>
  )
}
