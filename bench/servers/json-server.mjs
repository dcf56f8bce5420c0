// json-server 0.17 as `json-server --quiet db.json` sets it up (its default
// middlewares without the logger), serving the db.json path given in argv.
import { createRequire } from 'node:module'
import { answerCalls } from './child.mjs'

const require = createRequire(import.meta.url)
const jsonServer = require('json-server')
const app = jsonServer.create()
app.use(jsonServer.defaults({ logger: false }))
app.use(jsonServer.router(process.argv[2]))
const server = app.listen(0, '127.0.0.1', () => {
  process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` })
})
answerCalls({
  close: () =>
    new Promise((resolve) => {
      server.close(resolve)
      server.closeAllConnections()
    }),
})
