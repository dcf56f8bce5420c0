import { afterAll, beforeAll } from 'vitest'

/**
 * Set up for every test file (vitest.config.ts `setupFiles`): a file fails
 * when it leaves the body of an answer it fetched unread. An unread body keeps
 * the fetch client's parser paused on its socket; where msw 3 intercepts
 * sockets, the socket's close later throws from undici's parser in whichever
 * file then runs in the same worker (nodejs/undici#5360). Reading every
 * answer keeps the suite the same on msw 2 and 3, and this check says which
 * file and line forgot one, on either.
 */

interface Asked {
  readonly response: Response
  readonly what: string
}

const WATCH = Symbol.for('conversation-asset-mock.test.unread-answers')

type Watched = typeof globalThis & { [WATCH]?: Asked[] }

const scope = globalThis as Watched

// Files share a worker (isolate: false): fetch is wrapped once per worker, and each file starts a new list.
if (scope[WATCH] === undefined) {
  scope[WATCH] = []
  const original = globalThis.fetch
  globalThis.fetch = async function fetchWatched(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const what = describe(input, init)
    const response = await original(input, init)
    if (response.body !== null) scope[WATCH]?.push({ response, what })
    return response
  }
}

beforeAll(() => {
  scope[WATCH] = []
})

afterAll(() => {
  const unread = (scope[WATCH] ?? []).filter(({ response }) => !response.bodyUsed)
  scope[WATCH] = []
  if (unread.length === 0) return
  const list = [...new Set(unread.map(({ what }) => what))].slice(0, 10).join('\n  ')
  throw new Error(
    `Failed to finish the test file: ${unread.length} fetched answer(s) were never read:\n  ${list}\n` +
      'Read each body (await response.text(), or .then(read) from test/support/read.ts) or cancel it (response.body?.cancel()).',
  )
})

/** The request's method and URL, and the test line that asked for it. */
function describe(input: RequestInfo | URL, init: RequestInit | undefined): string {
  const request = input instanceof Request ? input : undefined
  const method = init?.method ?? request?.method ?? 'GET'
  const url = (request ? request.url : String(input)).slice(0, 120)
  const line = new Error().stack?.split('\n').find((frame) => /\.test\.ts|\/test\/(?!support\/unread)/.test(frame))
  return `${method} ${url}${line ? ` (${line.trim().replace(/^at /, '')})` : ''}`
}
