export { startStandaloneServer } from './start-standalone-server.js'
export type { StandaloneServer } from './start-standalone-server.js'
export type { StandaloneServerOptions } from './standalone-server-options.js'
export type { StreamDropReason } from './attach-stream-server.js'
