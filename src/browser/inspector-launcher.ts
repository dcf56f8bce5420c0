import type { MockService } from '../core/create-mock-service.js'
import type { InspectorPanel, MountedPanel } from './inspector-panel.js'

/** Where the panel remembers whether it was open, across reloads. */
const OPEN_KEY = 'conversation-asset-mock:inspector-open'

/** The button's own styles: the panel's come with its chunk. */
const LAUNCHER_STYLES = `
:host { all: initial; }
.launcher { position: fixed; z-index: 2147483646; font: 600 12px/1 system-ui, sans-serif;
  min-height: 32px; min-width: 48px; background: #1d2430; color: #fff; border: 2px solid #fff; border-radius: 16px;
  padding: 8px 12px; cursor: pointer; box-shadow: 0 2px 8px rgba(0,0,0,.3); opacity: .85; }
.launcher:hover, .launcher:focus-visible { opacity: 1; }
.launcher:focus-visible { outline: 3px solid #3a5bd9; outline-offset: 2px; }
.launcher[hidden] { display: none; }
.bottom-left { left: 16px; bottom: 16px; } .bottom-right { right: 16px; bottom: 16px; }
.top-left { left: 16px; top: 16px; } .top-right { right: 16px; top: 16px; }
`

/** Where the inspector's button sits on the page. */
export type InspectorCorner = 'bottom-left' | 'bottom-right' | 'top-left' | 'top-right'

/** Loads the inspector's chunk and mounts the panel in `container`; `close` is what its Escape and × call. */
export type LoadPanel = (mock: MockService, container: HTMLElement, close: () => void) => Promise<MountedPanel>

/**
 * Puts the inspector's small button on the page (plain DOM, no chunk
 * fetched) and opens the panel from it, from `Alt+Shift+M` or from
 * `open()`: the panel's code is fetched on the first open only. Open or
 * closed is kept across reloads; closing gives focus back to where it was.
 * The button sits in `corner` (default bottom-left, clear of the
 * bottom-right controls apps tend to have).
 *
 * @example
 * const panel = mountInspectorLauncher(mock, (mock, container, close) =>
 *   import('../inspector/inspector.js').then(({ mountInspectorPanel }) => mountInspectorPanel(mock, container, close)),
 * )
 * panel.open()
 */
export function mountInspectorLauncher(
  mock: MockService,
  load: LoadPanel,
  corner: InspectorCorner = 'bottom-left',
): InspectorPanel & { opened(): Promise<void> } {
  const host = document.createElement('div')
  host.id = 'conversation-asset-mock-inspector'
  const root = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = LAUNCHER_STYLES
  const button = document.createElement('button')
  button.className = `launcher ${corner}`
  button.textContent = 'mock'
  button.title = 'conversation-asset-mock inspector (Alt+Shift+M)'
  button.setAttribute('aria-label', 'Open the conversation-asset-mock inspector')
  button.setAttribute('aria-keyshortcuts', 'Alt+Shift+M')
  const container = document.createElement('div')
  root.append(style, button, container)
  document.body.append(host)

  let open = false
  let mounted: Promise<MountedPanel> | undefined
  let returnTo: Element | null = null
  const panel = () => (mounted ??= load(mock, container, () => show(false)))

  function show(next: boolean): void {
    if (next === open) return
    open = next
    remember(next)
    button.hidden = next
    container.hidden = !next
    if (next) {
      returnTo = document.activeElement
      void panel().then(
        (mountedPanel) => open && mountedPanel.focus(),
        (error: unknown) => {
          // The chunk did not load (offline, a stale deploy): the button comes back, and the next open tries again.
          console.error('Failed to load the conversation-asset-mock inspector:', error)
          mounted = undefined
          show(false)
        },
      )
    } else {
      const back =
        returnTo instanceof HTMLElement && returnTo !== document.body && returnTo.isConnected ? returnTo : button
      back.focus()
    }
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyM') {
      event.preventDefault()
      show(!open)
    }
  }
  button.addEventListener('click', () => show(true))
  window.addEventListener('keydown', onKey)
  container.hidden = true
  if (readOpen()) show(true)

  return {
    open: () => show(true),
    close: () => show(false),
    get isOpen() {
      return open
    },
    opened: async () => {
      if (open) await panel()
    },
    unmount() {
      window.removeEventListener('keydown', onKey)
      void mounted?.then((mountedPanel) => mountedPanel.unmount())
      host.remove()
    },
  }
}

function remember(open: boolean): void {
  try {
    localStorage.setItem(OPEN_KEY, open ? 'open' : 'closed')
  } catch {
    // Storage can be off (private windows, policies): the panel still opens and closes.
  }
}

function readOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === 'open'
  } catch {
    return false
  }
}
