// The module the `inspector` build of tsdown.config.mjs bundles from main.tsx into dist/inspector/inspector.js
// (Preact included): what the browser entry imports on demand and the standalone page loads.
import type { MountedPanel } from '../browser/inspector-panel.js'
import type { MockService } from '../core/create-mock-service.js'

/** Mounts the inspector panel over the page into `container`; `close` runs on its × and Escape. */
export declare function mountInspectorPanel(mock: MockService, container: HTMLElement, close: () => void): MountedPanel

/** Mounts the inspector as a whole page that reads and steers the mock at `baseUrl` (default: the page's origin). */
export declare function mountInspectorPage(element: Element, options?: { baseUrl?: string }): void
