import type { UpstreamForwarder } from './create-upstream-forwarder.js'
import type { HarWriter } from './har-writer.js'

/** Where the recorder's proxies send what they receive, and where they write what they saw. */
export interface ProxyTarget {
  /** The service recorded, e.g. http://localhost:39300: the only place requests and streams go. */
  readonly upstream: string
  /** Sends HTTP requests to the upstream alone, bounded in time and number. */
  readonly forwarder: UpstreamForwarder
  /** How long a stream's upstream has to accept its connection, in milliseconds. */
  readonly timeoutMs: number
  readonly har: HarWriter
  readonly keepSecrets: boolean
  /** The bytes of stream messages kept for the HAR by every open stream together; none past `maxKeptBytes`. */
  readonly kept: { bytes: number; readonly maxKeptBytes: number }
  readonly log?: ((line: string) => void) | undefined
}
