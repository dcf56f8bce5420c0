import type { FrameRecorder } from 'conversation-asset-mock'
import { expect } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import type { StreamRuntime, TestSocket } from '../events/stream-runtimes.js'

/** One answer of the mock, as a client reads it. */
interface Answer {
  readonly status: number
  readonly text: string
  /** The parsed JSON body, or undefined when the body is not JSON. */
  readonly body: unknown
}

/** What a replayed call sends: a JSON body, a query string, headers. */
interface CallOptions {
  readonly body?: unknown
  readonly query?: Record<string, string>
  readonly headers?: Record<string, string>
}

/** A public client's calls, replayed against one runtime of the mock. */
export interface ClientReplay {
  /** Calls `method path` as the client method `operation` does; fails on a 5xx or a 404, naming the call. */
  call(operation: string, method: string, path: string, options?: CallOptions): Promise<Answer>
  /** Calls, then checks the answer is a 2xx whose JSON the official client's `model` accepts. */
  read<T = Record<string, unknown>>(
    operation: string,
    method: string,
    path: string,
    model: string,
    options?: CallOptions,
  ): Promise<T>
  /** Opens the WebSocket at `path` on the mock. */
  open<F = unknown>(path: string): { socket: TestSocket; frames: FrameRecorder<F>; opened: Promise<void> }
  /** Sockets opened so far; the test closes them. */
  readonly sockets: TestSocket[]
}

/**
 * The calls of one public client, replayed against `mock`: every answer is
 * checked for what breaks a client (a 5xx raises in the generated clients,
 * a 404 is a path the mock does not know), and `read` checks the JSON against
 * the official client's model.
 *
 * @example
 * const replay = clientReplay(mock)
 * const user = await replay.read('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
 */
export function clientReplay(mock: StreamRuntime): ClientReplay {
  const sockets: TestSocket[] = []
  const wsBase = mock.streamUrls.health.replace('/.well-known/stream/health', '')

  async function call(operation: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : ''
    const response = await fetch(`${mock.baseUrl}${path}${query}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    const text = method === 'HEAD' ? '' : await response.text()
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      body = undefined
    }
    const name = `${operation} (${method} ${path}) answered ${response.status}: ${text.slice(0, 200)}`
    expect(response.status, name).toBeLessThan(500)
    expect(response.status, name).not.toBe(404)
    return { status: response.status, text, body }
  }

  async function read<T>(operation: string, method: string, path: string, model: string, options?: CallOptions) {
    const answer = await call(operation, method, path, options)
    expect(answer.status, `${operation} answered ${answer.status}: ${answer.text.slice(0, 200)}`).toBeLessThan(300)
    expect(checkModel(answer.body, model), `${operation} answered JSON the client's ${model} rejects`).toEqual([])
    return answer.body as T
  }

  function open<F>(path: string) {
    const client = mock.open<F>(`${wsBase}${path}`)
    sockets.push(client.socket)
    return client
  }

  return { call, read, open, sockets }
}

/** The words of a stored asset's name, for a search that must find it. */
export function firstWordOf(name: string): string {
  return name.split(/\W+/).find((word) => word.length > 3) ?? name
}

/**
 * A conversation's messages as a chat shows them, in order: each message's
 * role and text, read one by one as the clients do.
 *
 * @example
 * expect(await chatMessages(cli, id)).toEqual([['USER', 'Hi'], ['ASSISTANT', 'Hello']])
 */
export async function chatMessages(client: ClientReplay, conversation: string): Promise<Array<[string, string?]>> {
  const chat = await client.read<{ messages: { indices?: Record<string, number> } }>(
    'conversationGetSpecificConversation',
    'GET',
    `/conversation/${conversation}`,
    'Conversation',
  )
  const ordered = Object.entries(chat.messages.indices ?? {}).sort(([, a], [, b]) => a - b)
  const messages = await Promise.all(
    ordered.map(([id]) =>
      client.read<{ role: string; fragment?: { string?: { raw?: string } } }>(
        'messageSpecificMessageSnapshot',
        'GET',
        `/message/${id}`,
        'ConversationMessage',
      ),
    ),
  )
  return messages.map((message) => [message.role, message.fragment?.string?.raw])
}
