// The baseline: a bare node:http server that answers each route with bytes
// recorded from the mock (status, headers and body), reading request bodies
// to the end first as any server must.
import { createServer } from 'node:http'

const routes = new Map()
const server = createServer((request, response) => {
  const path = request.url.split('?')[0]
  const answer = routes.get(`${request.method} ${path}`)
  const send = () => {
    if (!answer) {
      response.writeHead(404, { 'content-type': 'text/plain' })
      response.end('not found')
      return
    }
    response.writeHead(answer.status, answer.headers)
    response.end(answer.body)
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    request.resume()
    send()
  } else {
    request.on('data', () => undefined)
    request.on('end', send)
  }
})

process.on('message', (message) => {
  if (message?.type === 'routes') {
    for (const route of message.routes) {
      routes.set(`${route.method} ${route.path}`, { ...route, body: Buffer.from(route.body, 'base64') })
    }
    process.send({ type: 'routes-set' })
  }
  if (message?.type === 'close') server.close(() => process.exit(0))
})
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` }))
