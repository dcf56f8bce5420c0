import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Where a listening server answers. */
export interface ListeningAddress {
  /** e.g. http://127.0.0.1:39300, or http://[::1]:39300. */
  readonly url: string
  readonly port: number
}

/**
 * Starts `server` listening on `host`:`port`, rejecting when it cannot (a
 * port in use, an address not of this machine).
 *
 * @example
 * const { url } = await listenOn(server, 0, '127.0.0.1')
 */
export async function listenOn(server: Server, port: number, host: string): Promise<ListeningAddress> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const name = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return { url: `http://${name}:${address.port}`, port: address.port }
}
