import type { HarWriter } from './har-writer.js'

/** Where the recorder's proxies send what they receive, and where they write what they saw. */
export interface ProxyTarget {
  /** The service recorded, e.g. http://localhost:39300. */
  readonly upstream: string
  readonly har: HarWriter
  readonly keepSecrets: boolean
  readonly log?: ((line: string) => void) | undefined
}
