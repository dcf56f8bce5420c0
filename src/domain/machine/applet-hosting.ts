import type { Store } from '../../store/create-store.js'
import { APPLETS_PART, readApplets, recordLaunch, type AppletType } from './os-parts/applets-part.js'

/**
 * What serves launched applets on real ports (the standalone server): it
 * answers on the port asked for, or on another free one when that is taken.
 */
export interface AppletHost {
  /** Serves an applet on `port`, or another free port; resolves with the port it answers on. */
  serve(type: AppletType, port: number): Promise<number>
  /** Stops serving one applet; resolves once its port is closed (at once when it is not served). */
  stop(type: AppletType): Promise<void>
  /** Stops serving every applet (the host's own close). */
  stopAll(): void
}

/** The live side of the `applets` part: which applets a host serves, kept to what the part says runs. */
export interface AppletHosting {
  /** Serves an applet on `port` (or the port the host gives) while a host is attached; the port it answers on. */
  serve(type: AppletType, port: number): Promise<number>
  /** Has the host serve what the part says runs, and stop what it does not. */
  follow(): void
  /** Resolves once the applet no longer served is stopped (its port closed). */
  stopped(type: AppletType): Promise<void>
  /** Resolves once every applet no longer served is stopped. */
  stoppedAll(): Promise<void>
  /** Has `host` serve the applets, now and from now on; returns the function that stops it. */
  attach(host: AppletHost): () => void
}

/**
 * Follows the `applets` machine part with the host attached: a terminate, a
 * reset, a scenario or a restored snapshot stops the applets the part no
 * longer runs (their ports closed) and serves the ones it runs (a snapshot's
 * or a persisted state's), on their ports when free. Listeners stay out of
 * the store; only the part (types and ports) is kept.
 *
 * @example
 * const hosting = createAppletHosting(store)
 * const detach = hosting.attach(host)
 */
export function createAppletHosting(store: Store): AppletHosting {
  let host: AppletHost | undefined
  /** The applets the host serves, and on which port. */
  const hosted = new Map<AppletType, number>()
  const stopping = new Map<AppletType, Promise<void>>()
  const stop = (type: AppletType) => {
    hosted.delete(type)
    const done = (host?.stop(type) ?? Promise.resolve()).catch((error: unknown) => console.error(error))
    stopping.set(type, done)
    void done.then(() => stopping.get(type) === done && stopping.delete(type))
  }
  const serve = async (type: AppletType, port: number) => {
    const serving = host
    if (!serving) return port
    await stopping.get(type)
    const served = await serving.serve(type, port)
    if (host === serving) hosted.set(type, served)
    return served
  }
  /** Serves an applet the part runs though no launch asked this host (a restore); a port taken elsewhere is written back. */
  const serveRecorded = async (type: AppletType, port: number) => {
    const served = await serve(type, port)
    if (served !== port) {
      await store.write((tx) => void (readApplets(tx).running[type] === port && recordLaunch(tx, type, served)))
    }
    follow()
  }
  const follow = () => {
    if (!host) return
    const running = readApplets(store).running
    for (const [type, port] of hosted) if (running[type] !== port) stop(type)
    for (const [type, port] of Object.entries(running) as Array<[AppletType, number]>) {
      if (!hosted.has(type)) serveRecorded(type, port).catch((error: unknown) => console.error(error))
    }
  }
  store.subscribe((event) => {
    if (!host) return
    if (event.type === 'replace' || event.changes.some((c) => c.kind === 'machinePart' && c.id === APPLETS_PART)) {
      follow()
    }
  })
  return {
    serve,
    follow,
    async stopped(type) {
      follow()
      await stopping.get(type)
    },
    async stoppedAll() {
      follow()
      await Promise.all(stopping.values())
    },
    attach(next) {
      host = next
      follow()
      return () => {
        if (host === next) {
          host = undefined
          hosted.clear()
        }
        next.stopAll()
      }
    },
  }
}
