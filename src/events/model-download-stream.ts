import type { ModelDownloads } from '../domain/machine/model-downloads.js'
import type { StreamEndpoint } from './stream-endpoint.js'
import type { StreamHub } from './stream-hub.js'
import { SERVICE_STREAM_PATHS } from './stream-paths.js'

const PREFIX = '/model/'
const SUFFIX = '/download/progress'

/** The download progress streams, one path per model. */
export interface ModelDownloadStreams {
  /** The stream of the model a path names (`/model/{id}/download/progress`), or undefined for another path. */
  at(path: string): StreamEndpoint | undefined
}

/**
 * Serves `/model/{model}/download/progress`: a ModelDownloadProgress frame
 * (`status`, `percentage`) for each step of that model's download, from
 * INITIALIZED at 0 % through IN-PROGRESS to COMPLETED at 100 % (or CANCELED,
 * FAILED, RESET); a client that connects mid-download gets where it is
 * first. The frames go through the hub as the `modelDownloadProgress` stream.
 *
 * @example
 * const progress = serveModelDownloadStreams(hub, machine.downloads)
 * progress.at('/model/0de1…/download/progress')?.open(client)
 */
export function serveModelDownloadStreams(hub: StreamHub, downloads: ModelDownloads): ModelDownloadStreams {
  return {
    at(path) {
      if (!path.startsWith(PREFIX) || !path.endsWith(SUFFIX)) return undefined
      const encoded = path.slice(PREFIX.length, path.length - SUFFIX.length)
      if (encoded === '' || encoded.includes('/')) return undefined
      const model = decoded(encoded)
      return {
        name: 'modelDownloadProgress',
        path: SERVICE_STREAM_PATHS.modelDownloadProgress.replace(':model', encoded),
        open(client) {
          const current = downloads.progress(model)
          const leaveHub = hub.join('modelDownloadProgress', client, current && JSON.stringify(current))
          let stopListening: () => void
          try {
            stopListening = downloads.listen(model, (progress) =>
              hub.sendTo('modelDownloadProgress', client, JSON.stringify(progress)),
            )
          } catch (error) {
            leaveHub()
            client.close(1013, error instanceof Error ? error.message : 'Too many download listeners.')
            return { receive() {}, leave() {} }
          }
          return {
            receive() {},
            leave() {
              stopListening()
              leaveHub()
            },
          }
        },
      }
    },
  }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
