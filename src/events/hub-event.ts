import type { StreamName } from './stream-paths.js'

/**
 * What hub listeners hear: a client connected or left, or a frame went out to the clients of a stream.
 *
 * @example
 * hub.subscribe((event: HubEvent) => event.type === 'frame' && console.log(event.stream, event.clients))
 */
export type HubEvent =
  | { readonly type: 'connect' | 'disconnect'; readonly stream: StreamName; readonly clients: number }
  | { readonly type: 'frame'; readonly stream: StreamName; readonly frame: string; readonly clients: number }
