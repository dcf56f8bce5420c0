/**
 * Puts a WebSocket class on `globalThis` and returns the function that takes
 * it off again. The previous value comes back only while ours is still the
 * one installed: if something patched the global on top of ours (MSW's
 * interceptor does when `listen()` runs later), that patch owns the global and
 * will restore ours when it is removed, so we leave the global alone and
 * uninstall as soon as it does.
 *
 * @example
 * const uninstall = installWebSocket(streams.WebSocket)
 * uninstall()
 */
export function installWebSocket(WebSocketClass: unknown): () => void {
  const global = globalThis as { WebSocket?: unknown }
  const had = Object.prototype.hasOwnProperty.call(global, 'WebSocket')
  const previous = global.WebSocket
  global.WebSocket = WebSocketClass
  return () => {
    if (global.WebSocket !== WebSocketClass) return
    if (had) global.WebSocket = previous
    else delete global.WebSocket
  }
}
