import type { BrowserContext } from '@playwright/test'

/**
 * Gives a browser context a session of its own on a standalone mock server
 * (`conversation-asset-mock/server`, `npm start`): sets the `mock-session`
 * cookie for the server's URL, so the page's requests and WebSockets to it
 * are answered by a mock no other session sees. For apps whose calls
 * Playwright cannot route (a server-side render, a proxy). Resolves to the
 * session id, which Node code sends as the `x-mock-session` header.
 *
 * @example
 * const session = await useMockSession(context, 'http://127.0.0.1:39300', `worker-${testInfo.workerIndex}`)
 * await fetch('http://127.0.0.1:39300/__mock/reset', { method: 'POST', headers: { 'x-mock-session': session } })
 */
export async function useMockSession(
  context: Pick<BrowserContext, 'addCookies'>,
  serverUrl: string,
  id: string = crypto.randomUUID(),
): Promise<string> {
  await context.addCookies([{ name: 'mock-session', value: id, url: serverUrl }])
  return id
}
