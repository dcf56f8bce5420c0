// The mock's standalone server on a free loopback port, as `npm start` runs it
// (system clock, no request log), in a process of its own. argv[2] is JSON of
// startStandaloneServer options beyond port and host (`generate`, `persist`, …).
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { answerCalls } from './child.mjs'

const options = process.argv[2] ? JSON.parse(process.argv[2]) : {}
// The stream section connects up to 1,000 clients while the previous round's may still be closing.
const server = await startStandaloneServer({ maxConnections: 4096, ...options, port: 0, host: '127.0.0.1' })
answerCalls({
  count: () => ({
    conversations: server.service.store.count('conversation'),
    assets: server.service.store.count('asset'),
    journal: server.service.journal.entries.length,
  }),
  close: () => server.close(),
})
process.send({ type: 'ready', url: server.url })
