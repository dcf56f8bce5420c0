export { setupMockServer } from './setup-mock-server.js'
export type { MockServer, SetupMockServerOptions } from './setup-mock-server.js'
