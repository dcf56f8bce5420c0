/**
 * The CORS headers of the service's own answers (never the control API's), on
 * every transport: any page may call the service and read its answers, with
 * the headers the official clients send, the standalone server's session
 * header and the ones an MCP client sends. A DOM library whose fetch keeps the same-origin policy (happy-dom
 * under msw 3) preflights the mock's base URL and reads only answers that
 * allow its origin, as a browser does.
 *
 * @example
 * new Response(null, { status: 204, headers: SERVICE_CORS_HEADERS })
 */
export const SERVICE_CORS_HEADERS = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, HEAD, DELETE, OPTIONS',
  'access-control-allow-headers':
    'content-type, application, x-application-id, x-mock-session, mcp-protocol-version, mcp-session-id, last-event-id',
})

/**
 * The headers of a CORS preflight of the control API, for the pages its
 * access policy allows (the standalone server answers those; no other
 * transport answers a preflight of `/__mock`).
 *
 * @example
 * for (const [name, value] of Object.entries(CONTROL_PREFLIGHT_HEADERS)) response.setHeader(name, value)
 */
export const CONTROL_PREFLIGHT_HEADERS = Object.freeze({
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type',
})
