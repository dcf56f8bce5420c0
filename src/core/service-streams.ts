import { copilotStream, type CopilotStreamEndpoint } from '../copilot/copilot-stream.js'
import { signedInUser } from '../domain/machine/connection-writes.js'
import type { CopilotHooks } from '../domain/copilot/copilot-reply.js'
import type { ServiceMachine } from '../domain/machine/service-machine.js'
import { serveModelDownloadStreams } from '../events/model-download-stream.js'
import { recordedEndpoint } from '../events/recorded-endpoint.js'
import { serveStreams } from '../events/serve-streams.js'
import type { StreamConnectionHooks } from '../events/stream-connection.js'
import type { StreamHub } from '../events/stream-hub.js'
import { STREAM_PATHS } from '../events/stream-paths.js'
import type { ControllableClock } from '../store/clock-and-ids/controllable-clock.js'
import type { Store } from '../store/create-store.js'
import { mostRecentFirst } from '../store/most-recent-first.js'
import { machinePartSources } from './machine-part-sources.js'
import { buildVisionStatus } from '../wire/records/vision-status.js'
import { buildWorkstreamSuggestions } from '../wire/records/workstream-suggestions.js'
import { readSettings } from '../domain/machine/os-parts/settings-part.js'
import { suggestedIds } from '../domain/machine/os-parts/suggestions-part.js'
import { readFileTree } from '../domain/machine/os-parts/file-system-part.js'
import type { WireRenderer } from '../wire/wire-renderer.js'
import type { ServiceStreams } from './create-dispatcher.js'

/** What the service's streams are made of. */
export interface StreamParts {
  readonly store: Store
  readonly hub: StreamHub
  readonly clock: ControllableClock
  readonly renderer: WireRenderer
  readonly copilotHooks: CopilotHooks
  readonly machine: ServiceMachine
  readonly paceMs: number
  /** Leaves out the copilot's `INITIALIZED` frames (`omitInitializedFrame`). */
  readonly omitInitialized: boolean
  readonly connections: StreamConnectionHooks
  /** The service's version, which the applet version stream says. */
  readonly version: string
}

/**
 * Every WebSocket stream the service answers, each journaled as it opens and
 * closes: the stream table's endpoints, and a model's download progress
 * found by its path (`pattern`); `disconnect()` ends the copilot's answers
 * with their final frames and closes every client; `close()` stops them listening.
 *
 * @example
 * const streams = serviceStreams({ store, hub, clock, renderer, copilotHooks, machine, paceMs: 0, omitInitialized: false, connections, version: '10.0.0' })
 * streams.pattern('/model/m-1/download/progress')?.name // 'modelDownloadProgress'
 */
export function serviceStreams(parts: StreamParts): ServiceStreams {
  const { store, hub, clock, renderer, copilotHooks, machine, paceMs, omitInitialized, connections, version } = parts
  // The copilot's endpoint, once made: a disconnect ends its answers before their clients close.
  let copilot: CopilotStreamEndpoint | undefined
  const frameWire = () => renderer.answer({ now: clock.now(), transferables: true, keep: false })
  const served = serveStreams(store, hub, {
    status: {
      user() {
        const user = signedInUser(store)
        return user && JSON.stringify(frameWire().render('user', user))
      },
      lastCheckedIn: () => JSON.stringify({ value: clock.now().toISOString() }),
      visionStatus: () => JSON.stringify(buildVisionStatus(machine.vision.state(), frameWire())),
      osSettings: () => JSON.stringify(readSettings(store)),
      osUpdate: () => JSON.stringify(machine.os.update()),
      workstreamSuggestions: () => JSON.stringify(buildWorkstreamSuggestions(suggestedIds(store))),
      appletVersion: () => version,
      ...machinePartSources(store),
    },
    files: {
      read(path) {
        const files = readFileTree(store).files
        return Object.hasOwn(files, path) ? files[path] : undefined
      },
    },
    records: { assets: (ids, transferables) => assetsFrame(store, renderer, clock, ids, transferables) },
    copilot: () => (copilot = copilotStream({ store, hub, paceMs, omitInitialized, ...copilotHooks })),
  })
  const downloads = serveModelDownloadStreams(hub, machine.downloads)
  return {
    endpoints: served.endpoints.map((endpoint) => recordedEndpoint(endpoint, connections)),
    paths: Object.values(STREAM_PATHS),
    pattern(path) {
      const endpoint = downloads.at(path)
      return endpoint && recordedEndpoint(endpoint, connections)
    },
    disconnect(code, reason) {
      copilot?.finishAnswers()
      hub.disconnectAll(code, reason)
    },
    close() {
      served.close()
    },
  }
}

/** An `Assets` frame of the assets of `ids` (every asset, most recently updated first, when undefined). */
function assetsFrame(
  store: Store,
  renderer: WireRenderer,
  clock: ControllableClock,
  ids: readonly string[] | undefined,
  transferables: boolean,
): string {
  const wire = renderer.answer({ now: clock.now(), transferables, keep: false })
  const assets =
    ids === undefined
      ? mostRecentFirst(store.all('asset'))
      : ids.flatMap((id) => {
          const asset = store.get('asset', id)
          return asset ? [asset] : []
        })
  return JSON.stringify({ iterable: assets.map((asset) => wire.render('asset', asset)) })
}
