export { useMockServer } from './use-mock-server.js'
export type { JestHooks, UseMockServerOptions } from './use-mock-server.js'
export type { MockServer, SetupMockServerOptions } from '../node/setup-mock-server.js'
