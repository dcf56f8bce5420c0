import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { ControlRoute } from '../control/api/control-route.js'
import type { Inspection, InspectionEvent } from '../control/inspection/inspection.js'

/** What the standalone server serves of the inspector itself, by route. */
export interface InspectorServer {
  /** Answers the page, the script or the live feed. */
  serve(what: NonNullable<ControlRoute['served']>, response: ServerResponse): void
  /** Ends every live feed, so the server can close. */
  close(): void
}

/** The built inspector (the `inspector` build of tsdown.config.mjs), beside this file's folder in dist. */
const SCRIPT_FILE = fileURLToPath(new URL('../inspector/inspector.js', import.meta.url))

const BOOT =
  "import { mountInspectorPage } from '/__mock/ui/inspector.js'\nmountInspectorPage(document.getElementById('inspector'))"
// The SHA-256 of BOOT, base64, which the page's policy allows to run. Written out, not computed: hashing it at import
// loaded node:crypto (some 35 built-in modules) into every start. test/control/inspector-routes.test.ts holds it to
// the hash of the script the page carries; after editing BOOT, put in the hash that test reports.
const BOOT_SHA256 = 'CUnW0yTSdYa33TfcrXExEgm3Gl3LT5bZfNap+LhhDqE='

/** The page's icon, inline, so a browser asks the mock for no /favicon.ico: a speech bubble. */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M2 2h12v9H7l-3 3v-3H2z' fill='%234b6bfb'/%3E%3C/svg%3E"

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>conversation-asset-mock inspector</title>
<link rel="icon" href="${ICON}">
</head>
<body style="margin:0">
<main id="inspector"></main>
<script type="module">${BOOT}</script>
</body>
</html>
`

/** Only the page's own script, styles and requests; never framed by another page (clickjacking). */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy': [
    "default-src 'none'",
    `script-src 'self' 'sha256-${BOOT_SHA256}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
}

/** A feed whose client reads slower than this is closed (its EventSource reconnects and reloads). */
const FEED_BUFFER_LIMIT = 4 * 1024 * 1024
/** A comment line this often keeps idle feeds open through proxies and finds gone clients. */
const FEED_PING_MS = 20_000

/**
 * Serves the inspector on the standalone server: the page at `/__mock/ui`
 * (a strict content security policy, never framed), the bundled script from
 * `dist/inspector/`, and the live feed at `/__mock/events` as server-sent
 * events — each an array of the inspection's events, batched per event-loop
 * turn.
 *
 * @example
 * const inspector = createInspectorServer(service.inspection)
 * inspector.serve('inspector-events', response)
 */
export function createInspectorServer(inspection: Inspection): InspectorServer {
  let script: Promise<Buffer> | undefined
  const feeds = new Set<ServerResponse>()

  function serveScript(response: ServerResponse): void {
    script ??= readFile(SCRIPT_FILE)
    script.then(
      (body) => {
        response.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'content-length': body.byteLength,
          'cache-control': 'no-cache',
          'x-content-type-options': 'nosniff',
        })
        response.end(body)
      },
      () => {
        script = undefined
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        response.end(`Failed to serve the inspector: ${SCRIPT_FILE} is missing. Run npm run build, which bundles it.`)
      },
    )
  }

  function serveFeed(response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    // A HEAD gets the feed's headers alone: nothing follows them, so its answer ends here.
    if (response.req.method === 'HEAD') return void response.end()
    response.write('retry: 1000\n\n')
    feeds.add(response)
    let pending: InspectionEvent[] = []
    const flush = () => {
      const events = pending
      pending = []
      if (response.writableLength > FEED_BUFFER_LIMIT) return response.destroy()
      response.write(`data: ${JSON.stringify(events)}\n\n`)
    }
    const unsubscribe = inspection.subscribe((event) => {
      pending.push(event)
      if (pending.length === 1) setImmediate(flush)
    })
    const ping = setInterval(() => response.write(': ping\n\n'), FEED_PING_MS)
    ping.unref()
    const stop = () => {
      unsubscribe()
      clearInterval(ping)
      feeds.delete(response)
    }
    // The response closes when the client goes (the request's own 'close' comes as soon as its empty body is read).
    response.on('close', stop)
  }

  return {
    serve(what, response) {
      if (what === 'inspector-page') {
        response.writeHead(200, PAGE_HEADERS)
        response.end(PAGE)
      } else if (what === 'inspector-script') {
        serveScript(response)
      } else {
        serveFeed(response)
      }
    },
    close() {
      for (const feed of feeds) feed.end()
      feeds.clear()
    },
  }
}
