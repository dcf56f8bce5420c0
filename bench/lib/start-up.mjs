import { percentile } from './stats.mjs'

/**
 * A client's start-up as Pieces clients do it: open both identifier streams,
 * take the ids their first frames list, then read each with GET /asset/{id}
 * and GET /conversation/{id} (`concurrency` requests in flight, through
 * `fetch`), closing the streams when every read is answered. Resolves with the
 * time from opening the streams to the last body read, and the p50/p99 of the
 * reads' latencies in ms. With a `record` map, it
 * keeps every answer (status, headers, body) and both first frames in it, for
 * a baseline that serves the same bytes.
 *
 * @example
 * const { ms, requests } = await startUp({ base: mock.url, streamUrls, WebSocket })
 */
export async function startUp({ base, streamUrls, WebSocket, concurrency = 8, record }) {
  const started = performance.now()
  const [conversations, assets] = await Promise.all([
    openStream(WebSocket, streamUrls.conversations, 'conversation', record),
    openStream(WebSocket, streamUrls.assets, 'asset', record),
  ])
  const paths = []
  for (let i = 0; i < Math.max(assets.ids.length, conversations.ids.length); i++) {
    if (i < assets.ids.length) paths.push(`/asset/${assets.ids[i]}`)
    if (i < conversations.ids.length) paths.push(`/conversation/${conversations.ids[i]}`)
  }
  let next = 0
  const latencies = new Float64Array(paths.length)
  const worker = async () => {
    while (next < paths.length) {
      const index = next++
      const path = paths[index]
      const at = performance.now()
      const response = await fetch(`${base}${path}`)
      if (response.status !== 200)
        throw new Error(
          `Failed to start up against ${base}: GET ${path} answered ${response.status}. Check the server's answer with curl.`,
        )
      const body = new Uint8Array(await response.arrayBuffer())
      latencies[index] = performance.now() - at
      record?.set(path, { status: response.status, headers: Object.fromEntries(response.headers), body })
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const ms = performance.now() - started
  conversations.socket.close()
  assets.socket.close()
  latencies.sort()
  return {
    ms,
    requests: paths.length,
    ids: assets.ids.length + conversations.ids.length,
    p50: percentile(latencies, 0.5, { sorted: true }),
    p99: percentile(latencies, 0.99, { sorted: true }),
  }
}

function openStream(WebSocket, url, kind, record) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    const onMessage = (event) => {
      socket.removeEventListener('message', onMessage)
      const text = String(event.data)
      record?.set(new URL(url).pathname, text)
      resolve({ socket, ids: JSON.parse(text).iterable.map((entry) => entry[kind].id) })
    }
    socket.addEventListener('message', onMessage)
    socket.addEventListener('error', () =>
      reject(
        new Error(`Failed to open ${url}: the stream errored before its first frame. Check the server's streams.`),
      ),
    )
  })
}

/**
 * The ids the first frames of both identifier streams list, as the paths a
 * start-up reads (GET /asset/{id}, GET /conversation/{id}).
 *
 * @example
 * const paths = await startUpPaths(streamUrls, WebSocket)
 */
export async function startUpPaths(streamUrls, WebSocket) {
  const [conversations, assets] = await Promise.all([
    openStream(WebSocket, streamUrls.conversations, 'conversation'),
    openStream(WebSocket, streamUrls.assets, 'asset'),
  ])
  conversations.socket.close()
  assets.socket.close()
  return [...assets.ids.map((id) => `/asset/${id}`), ...conversations.ids.map((id) => `/conversation/${id}`)]
}
