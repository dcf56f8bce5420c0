/** A class constructed like the platform's `WebSocket`. */
type WebSocketClass = new (url: string | URL, protocols?: string | string[]) => object

/** What one routing class on `globalThis.WebSocket` knows; shared by every mock (and copy of this package) in the realm. */
interface RouterState {
  /** Normalised URL → the class that reaches it, for every running mock's streams. */
  readonly routes: Map<string, WebSocketClass>
  /** `globalThis.WebSocket` before the router went on, where every other URL goes. */
  readonly previous: WebSocketClass | undefined
  /** The global's own property before the router went on, put back as it was (undefined: there was none). */
  readonly descriptor: PropertyDescriptor | undefined
  /** Where every other URL goes when there was no global (Node 20: the `ws` client). */
  fallback: WebSocketClass | undefined
  /** Loads `fallback` when it is first needed, so a runtime that never uses it never loads it. */
  loadFallback: (() => unknown) | undefined
}

// Symbol.for: two copies of the package in one realm share the router instead of stacking two.
const ROUTER = Symbol.for('conversation-asset-mock.websocket-router')

export interface InstallWebSocketOptions {
  /** The class for every other URL when the runtime has no global `WebSocket` (Node 20: `ws`). */
  fallback?: unknown
  /**
   * Loads that class on first use instead (a synchronous `require`), so a
   * test that opens no other socket never loads it.
   */
  loadFallback?: () => unknown
}

/**
 * Routes the given `ws://` URLs to `WebSocketClass` through a routing class on
 * `globalThis.WebSocket`, and returns the function that takes the routes off
 * again. Every other URL reaches the `WebSocket` that was there before (the
 * browser's, Node 22's, or MSW's interceptor over them), or `fallback` where
 * there was none: an app's own sockets keep working beside the mock.
 *
 * Several mocks share one router, so closing one leaves the others' streams
 * working; the global comes back when the last routes come off, unless
 * something patched it on top of the router since (MSW's interceptor, when
 * `listen()` ran later): that patch owns the global and restores the router
 * when it is removed, and the router then lets every URL through.
 *
 * @example
 * const uninstall = installWebSocket(Object.values(streamUrls), streams.WebSocket)
 * uninstall()
 */
export function installWebSocket(
  urls: readonly string[],
  WebSocketClass: unknown,
  options: InstallWebSocketOptions = {},
): () => void {
  const global = globalThis as { WebSocket?: unknown }
  const state = routerOn(global.WebSocket) ?? putRouter(global)
  state.fallback ??= options.fallback as WebSocketClass | undefined
  state.loadFallback ??= options.loadFallback
  const keys = urls.map(routeKey)
  for (const key of keys) state.routes.set(key, WebSocketClass as WebSocketClass)
  let installed = true
  return () => {
    if (!installed) return
    installed = false
    for (const key of keys) if (state.routes.get(key) === WebSocketClass) state.routes.delete(key)
    if (state.routes.size > 0 || routerOn(global.WebSocket) !== state) return
    restoreGlobal(global, state.descriptor)
  }
}

function fallbackOf(state: RouterState): WebSocketClass | undefined {
  state.fallback ??= state.loadFallback?.() as WebSocketClass | undefined
  return state.fallback
}

function routerOn(value: unknown): RouterState | undefined {
  return typeof value === 'function' ? (value as { [ROUTER]?: RouterState })[ROUTER] : undefined
}

function routeKey(url: string | URL): string {
  try {
    return new URL(String(url)).href
  } catch {
    return String(url)
  }
}

function putRouter(global: { WebSocket?: unknown }): RouterState {
  const state: RouterState = {
    routes: new Map(),
    previous: global.WebSocket as WebSocketClass | undefined,
    descriptor: Object.getOwnPropertyDescriptor(global, 'WebSocket'),
    fallback: undefined,
    loadFallback: undefined,
  }
  const target = (url: string | URL): WebSocketClass => {
    const routed = state.routes.get(routeKey(url)) ?? state.previous ?? fallbackOf(state)
    if (routed) return routed
    throw new Error(
      `Failed to open a WebSocket to ${String(url)}: this runtime has no WebSocket class and the mock serves only its own streams there. Install the \`ws\` package, or use Node 22 or later.`,
    )
  }
  const isOf = (value: unknown, Class: unknown) => typeof Class === 'function' && value instanceof Class
  // A constructor that returns the socket of the class its URL routes to.
  class RoutingWebSocket {
    static readonly CONNECTING = 0
    static readonly OPEN = 1
    static readonly CLOSING = 2
    static readonly CLOSED = 3
    static readonly [ROUTER] = state
    static [Symbol.hasInstance](value: unknown): boolean {
      // The fallback is asked last: only a socket no route or previous class made can be one of its.
      return (
        [...state.routes.values()].some((Class) => isOf(value, Class)) ||
        isOf(value, state.previous ?? fallbackOf(state))
      )
    }
    constructor(url: string | URL, protocols?: string | string[]) {
      const Target = target(url)
      return protocols === undefined ? new Target(url) : new Target(url, protocols)
    }
  }
  defineGlobal(global, RoutingWebSocket, state.descriptor)
  return state
}

/**
 * Puts the router on the global without assigning to it: jsdom and happy-dom
 * (through their test environments) and MSW's own patch make `WebSocket` a
 * property that is configurable but not writable, where `=` throws.
 */
function defineGlobal(global: object, value: unknown, own: PropertyDescriptor | undefined): void {
  if (own === undefined || own.configurable) {
    // Writable, so code that assigns its own class on top (an older patch, a test) still can.
    Object.defineProperty(global, 'WebSocket', {
      value,
      writable: true,
      configurable: true,
      enumerable: own?.enumerable ?? false,
    })
  } else if (own.writable) {
    ;(global as { WebSocket?: unknown }).WebSocket = value
  } else {
    throw new Error(
      "Failed to serve the mock's streams: globalThis.WebSocket is neither writable nor configurable in this environment, so the mock cannot route its stream URLs. Make the global configurable before the mock listens, or connect to the standalone server (startStandaloneServer()) instead.",
    )
  }
}

/** Puts back the global's own property as it was before the router went on, or removes the router's. */
function restoreGlobal(global: object, own: PropertyDescriptor | undefined): void {
  if (own === undefined) delete (global as { WebSocket?: unknown }).WebSocket
  else if (own.configurable) Object.defineProperty(global, 'WebSocket', own)
  else (global as { WebSocket?: unknown }).WebSocket = own.value
}
