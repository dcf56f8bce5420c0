/**
 * Reads a response's body to its end and gives the response back, for a test that looks only at its status: an
 * unread body keeps the client's parser paused on the socket, and on msw 3 (which intercepts sockets) the server
 * closing that socket later fails the run.
 *
 * @example
 * expect((await fetch(`${server.url}/.well-known/health`).then(read)).status).toBe(200)
 */
export async function read(response: Response): Promise<Response> {
  await response.arrayBuffer()
  return response
}
