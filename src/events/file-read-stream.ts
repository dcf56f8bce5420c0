import type { StreamEndpoint } from './stream-endpoint.js'
import type { StreamHub } from './stream-hub.js'
import { STREAM_TABLE } from './stream-table.js'

/** The bytes each `IN-PROGRESS` frame of a file read carries, at most. */
const FILE_READ_CHUNK_BYTES = 16_384

/** Where the file-read stream reads files: the text at a path, or undefined when the path is no file. */
export interface FileReadSource {
  read(path: string): string | undefined
}

/** A size as the client's ByteDescriptor. */
function bytesOf(value: number) {
  return { value, readable: `${value} B` }
}

/** The path of an OSFileStreamingReadAttempt, or undefined when the text is not one. */
function attemptedPath(text: string): string | undefined {
  try {
    const attempt: unknown = JSON.parse(text)
    const path = (attempt as { path?: unknown } | null)?.path
    return typeof path === 'string' && path.length <= 4096 ? path : undefined
  } catch {
    return undefined
  }
}

/**
 * Serves `/os/filesystem/file/read/streamed`: each OSFileStreamingReadAttempt
 * (`{ "path": … }`) a client sends is answered, to that client, with
 * OSFileStreamingRead frames read from the virtual file tree: `INITIALIZED`
 * at 0 %, one `IN-PROGRESS` frame per {@link FILE_READ_CHUNK_BYTES} with its
 * bytes, then `COMPLETED` at 100 %; a path that is no file (or an attempt that
 * is not one) gets one `FAILED` frame. Each read has its own id (`read-1`, …).
 *
 * @example
 * const endpoint = serveFileReadStream(hub, { read: (path) => tree.files[path] })
 */
export function serveFileReadStream(hub: StreamHub, source: FileReadSource): StreamEndpoint {
  let reads = 0
  return {
    name: 'osFileRead',
    path: STREAM_TABLE.osFileRead.path,
    open(client) {
      const leave = hub.join('osFileRead', client)
      const send = (frame: unknown) => hub.sendTo('osFileRead', client, JSON.stringify(frame))
      return {
        receive(text) {
          const id = `read-${++reads}`
          const path = attemptedPath(text)
          const content = path === undefined ? undefined : source.read(path)
          if (path === undefined || content === undefined) {
            send({ status: 'FAILED', path: path ?? '', id })
            return
          }
          const bytes = new TextEncoder().encode(content)
          const total = bytesOf(bytes.length)
          send({ status: 'INITIALIZED', percentage: 0, path, id, progress: { total, transferred: bytesOf(0) } })
          for (let at = 0; at < bytes.length; at += FILE_READ_CHUNK_BYTES) {
            const chunk = bytes.subarray(at, at + FILE_READ_CHUNK_BYTES)
            const transferred = at + chunk.length
            send({
              status: 'IN-PROGRESS',
              percentage: Math.round((transferred / bytes.length) * 100),
              path,
              id,
              bytes: { raw: Array.from(chunk) },
              progress: { total, transferred: bytesOf(transferred) },
            })
          }
          send({ status: 'COMPLETED', percentage: 100, path, id, progress: { total, transferred: total } })
        },
        leave,
      }
    },
  }
}
