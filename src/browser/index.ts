export { startBrowserMock } from './start-browser-mock.js'
export type { BrowserMock, BrowserMockOptions, InspectorPanel } from './start-browser-mock.js'
export { persistToLocalStorage } from './local-storage-persistence.js'
export type { BrowserPersistence } from './local-storage-persistence.js'
