export { startStandaloneServer } from './start-standalone-server.js'
export type { StandaloneServer, StandaloneServerOptions } from './start-standalone-server.js'
