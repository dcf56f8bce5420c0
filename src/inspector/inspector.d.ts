// The module scripts/build-inspector.mjs bundles from main.tsx into dist/inspector/inspector.js
// (Preact included): what the browser entry imports on demand and the standalone page loads.
import type { InspectorPanel } from '../browser/inspector-panel.js'
import type { MockService } from '../core/create-mock-service.js'

/** Mounts the inspector as a panel over the page, closed to a button unless it was open before the reload. */
export declare function mountInspectorPanel(mock: MockService): InspectorPanel

/** Mounts the inspector as a whole page that reads and steers the mock at `baseUrl` (default: the page's origin). */
export declare function mountInspectorPage(element: Element, options?: { baseUrl?: string }): void
