// The mock's standalone server on a free loopback port, as `npm start` runs it
// (system clock, embedded fixtures, no request log). Reports its URL over IPC.
import { startStandaloneServer } from '../../dist/server/index.js'

const server = await startStandaloneServer({ port: 0, host: '127.0.0.1' })
process.send({ type: 'ready', url: server.url })
process.on('message', async (message) => {
  if (message?.type === 'stats') {
    process.send({
      type: 'stats',
      conversations: server.service.store.count('conversation'),
      journal: server.service.journal.entries.length,
      heapUsed: process.memoryUsage().heapUsed,
    })
  }
  if (message?.type === 'close') {
    await server.close()
    process.exit(0)
  }
})
