// Bare node:http as a command of its own, for the peers section: `node static-server.mjs <port> <answers.json>`
// answers each recorded route ("GET /conversations") with its recorded status, headers and body (base64 in
// the file), reading request bodies to the end first, as any server must; anything else is a 404.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [port, file] = process.argv.slice(2)
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([route, answer]) => [
    route,
    { ...answer, body: Buffer.from(answer.body, 'base64') },
  ]),
)
createServer((request, response) => {
  const answer = answers.get(`${request.method} ${request.url.split('?')[0]}`)
  const send = () => {
    if (!answer) {
      response.writeHead(404, { 'content-type': 'text/plain' })
      response.end('not found')
      return
    }
    response.writeHead(answer.status, answer.headers)
    response.end(answer.body)
  }
  request.on('data', () => undefined)
  request.on('end', send)
}).listen(Number(port), '127.0.0.1')
