/**
 * The text of the 503 that refuses a WebSocket upgrade past the server's `maxStreamClients`.
 *
 * @example
 * refuseUpgrade(socket, { status: 503, text: tooManyStreamClients(1024) })
 */
export function tooManyStreamClients(limit: number): string {
  return `The mock has ${limit} stream clients open, its limit (maxStreamClients). Close some, or start it with a higher maxStreamClients.`
}
