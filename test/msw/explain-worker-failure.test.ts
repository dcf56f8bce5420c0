import { describe, expect, it } from 'vitest'
import { explainWorkerFailure } from '../../src/browser/explain-worker-failure.js'

const REGISTRATION = new Error(
  "[MSW] Failed to register a Service Worker for scope ('http://localhost:5173/') with script ('http://localhost:5173/mockServiceWorker.js'): ServiceWorker script has an unsupported MIME type ('text/html').",
)
const answering = (status: number, type: string) => async () =>
  new Response('<!doctype html>', { status, headers: { 'content-type': type } })

describe('a browser mock whose worker script is missing', () => {
  it('is told to run npx msw init when a dev server answers the script with its HTML page', async () => {
    const explained = await explainWorkerFailure(REGISTRATION, '/mockServiceWorker.js', answering(200, 'text/html'))
    expect(explained).toBeInstanceOf(Error)
    expect((explained as Error).message).toBe(
      `Failed to start the browser mock: MSW's worker script is not at /mockServiceWorker.js (the page answers 200 text/html). Run \`npx msw init <public dir> --save\` (public/ for Vite, static/ for SvelteKit) so it is served there, or pass serviceWorkerUrl where it is. MSW said: ${REGISTRATION.message}`,
    )
    expect((explained as Error).cause).toBe(REGISTRATION)
  })

  it('is told the same when the script answers 404', async () => {
    const explained = (await explainWorkerFailure(
      REGISTRATION,
      '/sw/mockServiceWorker.js',
      answering(404, 'text/plain'),
    )) as Error
    expect(explained.message).toContain('is not at /sw/mockServiceWorker.js (the page answers 404 text/plain)')
    expect(explained.message).toContain('npx msw init <public dir>')
  })

  it("keeps MSW's own error when the script is there, or cannot be fetched at all", async () => {
    const served = async () => new Response('self.x = 1', { headers: { 'content-type': 'text/javascript' } })
    expect(await explainWorkerFailure(REGISTRATION, '/mockServiceWorker.js', served)).toBe(REGISTRATION)
    const offline = () => Promise.reject(new TypeError('Failed to fetch'))
    expect(await explainWorkerFailure(REGISTRATION, '/mockServiceWorker.js', offline)).toBe(REGISTRATION)
  })
})
