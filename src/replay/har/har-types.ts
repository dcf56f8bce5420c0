/** A name and value pair of a HAR request or response (a header, a query parameter, a cookie). */
export interface HarNameValue {
  name: string
  value: string
}

/** A WebSocket message as a HAR keeps it in `_webSocketMessages` (Chrome's layout, which Playwright follows). */
export interface HarWebSocketMessage {
  /** `send`: client to service; `receive`: service to client. */
  type: 'send' | 'receive'
  /** Since the epoch: seconds with fractions (Chrome, the recorder) or milliseconds (Playwright); told per HAR. */
  time: number
  /** 1 for text, 2 for binary. */
  opcode: number
  data: string
}

/** One exchange of a HAR 1.2 log: an HTTP request and its answer, or a WebSocket connection and its messages. */
export interface HarEntry {
  startedDateTime: string
  time: number
  request: {
    method: string
    url: string
    httpVersion: string
    headers: HarNameValue[]
    queryString: HarNameValue[]
    cookies: HarNameValue[]
    headersSize: number
    bodySize: number
    postData?: { mimeType: string; text: string; encoding?: string }
  }
  response: {
    status: number
    statusText: string
    httpVersion: string
    headers: HarNameValue[]
    cookies: HarNameValue[]
    content: { size: number; mimeType: string; text?: string; encoding?: string; comment?: string }
    redirectURL: string
    headersSize: number
    bodySize: number
  }
  cache: Record<string, never>
  /**
   * HAR's phases, in milliseconds. The journal's export fills `blocked`
   * (the mock's queued phase), `wait` (handled) and `receive` (written, and
   * streamed for a streamed answer), and keeps the mock's own four phases in
   * `_queued`, `_handled`, `_written` and `_streamed`.
   */
  timings: {
    blocked?: number
    send: number
    wait: number
    receive: number
    _queued?: number
    _handled?: number
    _written?: number
    _streamed?: number
  }
  /** Chrome's kind of resource: `websocket` for a stream, `fetch` or `xhr` for a request. */
  _resourceType?: string
  _webSocketMessages?: HarWebSocketMessage[]
  /** The mock's recorder: messages of the stream passed on and not recorded, past its bounds. */
  _webSocketMessagesNotRecorded?: number
}

/** Who wrote a HAR. */
export interface HarCreator {
  name: string
  version: string
}
