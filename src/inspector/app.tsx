import { useEffect, useState } from 'preact/hooks'
import { formatInstant, messageOf } from './format.js'
import { JournalView } from './journal/journal-view.js'
import { RecordsView } from './records/records-view.js'
import { SteeringView } from './steering/steering-view.js'
import { StreamsView } from './journal/streams-view.js'
import { MachineView } from './machine/machine-view.js'
import { useLive, type LiveState } from './live/use-live.js'
import type { Selection, ViewProps } from './view-props.js'
import type { Connection } from './live/connection.js'
import { ActionError, ActionFailureContext, type ActionFailure } from './action-error.js'
import { ThemeSelect } from './theme-select.js'
import { useMockNow } from './use-mock-now.js'

const TABS = ['records', 'journal', 'streams', 'machine', 'steering'] as const
type Tab = (typeof TABS)[number]

/**
 * The inspector: a header with the scenario and the mock's time, and the
 * records, journal, streams, machine and steering views.
 *
 * @example
 * render(<App connection={createRemoteConnection('')} layout="page" />, root)
 */
export function App({ connection, layout }: { connection: Connection; layout: 'page' | 'panel' }) {
  const live = useLive(connection)
  const [tab, setTab] = useState<Tab>('records')
  const [selection, setSelection] = useState<Selection>({ kind: 'conversation' })
  const [failure, setFailure] = useState<ActionFailure>()
  const act = (call: () => Promise<unknown>, scope = 'inspector') => {
    setFailure(undefined)
    call().catch((error: unknown) => setFailure({ message: messageOf(error), scope }))
  }
  // Back from an outage: an action's error from while it was down says nothing any more.
  useEffect(() => {
    if (live.connected) setFailure(undefined)
  }, [live.connected])
  const props: ViewProps = { connection, live, act }
  const { overview } = live

  return (
    <ActionFailureContext.Provider value={{ failure, dismiss: () => setFailure(undefined) }}>
      <div class={`cam cam-${layout}`}>
        <header>
          <h1>conversation-asset-mock</h1>
          {overview && <span class="cam-chip">scenario: {overview.scenario}</span>}
          {overview && <ClockChip live={live} />}
          {overview && (
            <span class="cam-chip">
              {overview.counts.conversation.toLocaleString('en-US')} conversations ·{' '}
              {overview.counts.asset.toLocaleString('en-US')} assets
            </span>
          )}
          <ThemeSelect />
        </header>
        <ConnectionBanner live={live} />
        <Tabs tab={tab} select={setTab} />
        <ActionError scope="inspector" />
        <div class="cam-main" role="tabpanel" id={`cam-panel-${tab}`} aria-labelledby={`cam-tab-${tab}`}>
          {tab === 'records' && <RecordsView {...props} selection={selection} select={setSelection} />}
          {tab === 'journal' && <JournalView {...props} />}
          {tab === 'streams' && <StreamsView {...props} />}
          {tab === 'machine' && <MachineView {...props} />}
          {tab === 'steering' && <SteeringView {...props} />}
        </div>
      </div>
    </ActionFailureContext.Provider>
  )
}

/** The views as tabs: arrow keys, Home and End move between them (one tab stop). */
function Tabs({ tab, select }: { tab: Tab; select: (tab: Tab) => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab)
    const next =
      event.key === 'ArrowRight'
        ? TABS[(at + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(at + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined
    if (!next) return
    event.preventDefault()
    select(next)
    const list = event.currentTarget as HTMLElement
    requestAnimationFrame(() => list.querySelector<HTMLElement>(`#cam-tab-${next}`)?.focus())
  }
  return (
    <nav role="tablist" aria-label="inspector views" onKeyDown={onKeyDown}>
      {TABS.map((name) => (
        <button
          role="tab"
          id={`cam-tab-${name}`}
          aria-selected={tab === name}
          aria-controls={tab === name ? `cam-panel-${name}` : undefined}
          tabIndex={tab === name ? 0 : -1}
          onClick={() => select(name)}
          key={name}
        >
          {name[0]!.toUpperCase() + name.slice(1)}
        </button>
      ))}
    </nav>
  )
}

/**
 * Outages said plainly: one banner while the mock does not answer (what is
 * shown is as of when it stopped), and one when it came back restarted.
 */
function ConnectionBanner({ live }: { live: LiveState }) {
  const [seen, setSeen] = useState<string>()
  if (!live.connected) {
    return (
      <div class="cam-banner cam-banner-down" role="status">
        {live.overview
          ? `The mock is not answering: what you see is as of ${clockTime(live.lostAt ?? Date.now())} and may be stale. Reconnecting…`
          : 'Connecting to the mock…'}
      </div>
    )
  }
  if (!live.restarted || seen === live.overview?.instance) return null
  return (
    <div class="cam-banner" role="status">
      <span>Reconnected; the mock restarted, data reset.</span>
      <button class="cam-btn" onClick={() => setSeen(live.overview?.instance)}>
        Dismiss
      </button>
    </div>
  )
}

/** A time of this page's clock as hours, minutes and seconds. */
function clockTime(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB')
}

/** The mock's time, running on between updates unless frozen. */
function ClockChip({ live }: { live: LiveState }) {
  const clock = live.overview!.clock
  const shown = useMockNow(live)
  return (
    <span class={`cam-chip${clock.frozen ? ' cam-frozen' : ''}`} aria-label="mock time">
      {clock.frozen ? 'frozen at ' : ''}
      {formatInstant(shown)}
    </span>
  )
}
