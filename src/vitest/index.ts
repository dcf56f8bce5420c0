export { useMockServer } from './use-mock-server.js'
