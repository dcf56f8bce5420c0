// The inspector's entry: the `inspector` build of tsdown.config.mjs bundles it, Preact included, into
// dist/inspector/inspector.js, which the standalone server serves at /__mock/ui/inspector.js
// and the browser entry imports on demand. Its types for the rest of the package: inspector.d.ts.
import { render } from 'preact'
import type { MountedPanel } from '../browser/inspector-panel.js'
import type { MockService } from '../core/create-mock-service.js'
import type * as Declared from './inspector.js'
import { App } from './app.js'
import { createLocalConnection } from './live/local-connection.js'
import { createRemoteConnection } from './live/remote-connection.js'
import { PanelFrame } from './panel-frame.js'
import { STYLES } from './styles.js'

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
 * Mounts the inspector panel over the app's page into `container` (inside the
 * launcher's shadow root): it reads the mock in the page itself; `close`
 * runs on × and Escape.
 *
 * @example
 * const panel = mountInspectorPanel(mock, container, () => launcher.close())
 * panel.focus()
 */
export function mountInspectorPanel(mock: MockService, container: HTMLElement, close: () => void): MountedPanel {
  const connection = createLocalConnection(mock)
  render(
    <>
      <style>{STYLES}</style>
      <PanelFrame close={close}>
        <App connection={connection} layout="panel" />
      </PanelFrame>
    </>,
    container,
  )
  return {
    focus: () => container.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
    unmount: () => render(null, container),
  }
}

// The bundle must be what inspector.d.ts says it is.
void ({ mountInspectorPage, mountInspectorPanel } satisfies typeof Declared)
