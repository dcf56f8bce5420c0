// The inspector's entry: scripts/build-inspector.mjs bundles it, Preact included, into
// dist/inspector/inspector.js, which the standalone server serves at /__mock/ui/inspector.js
// and the browser entry imports on demand. Its types for the rest of the package: inspector.d.ts.
import { render } from 'preact'
import type { InspectorPanel } from '../browser/inspector-panel.js'
import type { MockService } from '../core/create-mock-service.js'
import type * as Declared from './inspector.js'
import { App } from './app.js'
import { createLocalConnection } from './local-connection.js'
import { createRemoteConnection } from './remote-connection.js'
import { STYLES } from './styles.js'

/** Where the panel remembers whether it was open, across reloads. */
const OPEN_KEY = 'conversation-asset-mock:inspector-open'

/**
 * Mounts the inspector as a whole page that reads and steers the mock at
 * `baseUrl` (default: the page's own origin) over its control API and live feed.
 *
 * @example
 * mountInspectorPage(document.getElementById('inspector')!)
 */
export function mountInspectorPage(element: Element, options: { baseUrl?: string } = {}): void {
  const root = element.attachShadow({ mode: 'open' })
  render(
    <>
      <style>{STYLES}</style>
      <App connection={createRemoteConnection(options.baseUrl ?? '')} layout="page" />
    </>,
    root,
  )
}

/**
 * Mounts the inspector over the app's page: a small button, or the panel when
 * it was open before the reload. It reads the mock in the page itself.
 *
 * @example
 * const panel = mountInspectorPanel(mock)
 * panel.open()
 */
export function mountInspectorPanel(mock: MockService): InspectorPanel {
  const host = document.createElement('div')
  host.id = 'conversation-asset-mock-inspector'
  document.body.append(host)
  const root = host.attachShadow({ mode: 'open' })
  const connection = createLocalConnection(mock)
  let open = readOpen()

  const draw = () =>
    render(
      <>
        <style>{STYLES}</style>
        {open ? (
          <div class="panel" role="dialog" aria-label="conversation-asset-mock inspector">
            <button class="panel-close" aria-label="Close the inspector" onClick={() => show(false)}>
              ×
            </button>
            <App connection={connection} layout="panel" />
          </div>
        ) : (
          <button class="launcher" aria-label="Open the conversation-asset-mock inspector" onClick={() => show(true)}>
            mock
          </button>
        )}
      </>,
      root,
    )
  function show(next: boolean): void {
    open = next
    try {
      localStorage.setItem(OPEN_KEY, next ? 'open' : 'closed')
    } catch {
      // Storage can be off (private windows, policies): the panel still opens and closes.
    }
    draw()
  }
  draw()
  return {
    open: () => show(true),
    close: () => show(false),
    get isOpen() {
      return open
    },
    unmount() {
      render(null, root)
      host.remove()
    },
  }
}

function readOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === 'open'
  } catch {
    return false
  }
}

// The bundle must be what inspector.d.ts says it is.
void ({ mountInspectorPage, mountInspectorPanel } satisfies typeof Declared)
