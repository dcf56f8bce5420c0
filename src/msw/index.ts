export { createMswAdapter, DEFAULT_BASE_URL } from './create-msw-adapter.js'
export type { MswAdapter, MswAdapterOptions } from './create-msw-adapter.js'
export type { InstallWebSocketOptions } from './install-web-socket.js'
