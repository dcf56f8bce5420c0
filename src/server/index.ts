export { startStandaloneServer } from './start-standalone-server.js'
export type { StandaloneServer, StandaloneServerOptions } from './start-standalone-server.js'
export type { StreamDropReason } from './attach-stream-server.js'
