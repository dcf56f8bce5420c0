/**
 * The text of the 503 that refuses a connection past the server's `maxConnections`.
 *
 * @example
 * answers.add(response, textAnswer(503, tooManyConnections(1024)))
 */
export function tooManyConnections(limit: number): string {
  return `The mock has ${limit} connections open, its limit (maxConnections). Close some, or start it with a higher maxConnections.`
}
