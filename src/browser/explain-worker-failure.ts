/** The content types a service worker script may be served with. */
const SCRIPT_TYPE = /javascript|ecmascript/i

/**
 * Turns MSW's failure to register its service worker into one that says what
 * to do when the reason is a missing worker script (a 404, or the app's HTML
 * page that a dev server answers for any unknown path): run
 * `npx msw init <public dir>`. Any other failure is handed back as it was.
 *
 * @example
 * await worker.start(options).catch(async (error) => { throw await explainWorkerFailure(error, '/mockServiceWorker.js') })
 */
export async function explainWorkerFailure(
  error: unknown,
  scriptUrl: string,
  fetchScript: (url: string) => Promise<Response> = (url) => fetch(url, { cache: 'no-store' }),
): Promise<unknown> {
  const found = await fetchScript(scriptUrl).then(
    async (response) => {
      await response.body?.cancel()
      return response.ok && SCRIPT_TYPE.test(response.headers.get('content-type') ?? '')
        ? 'script'
        : `${response.status} ${response.headers.get('content-type') ?? 'without a content type'}`
    },
    () => undefined,
  )
  if (found === 'script' || found === undefined) return error
  const reason = error instanceof Error ? error.message : String(error)
  return new Error(
    `Failed to start the browser mock: MSW's worker script is not at ${scriptUrl} (the page answers ${found}). Run \`npx msw init <public dir> --save\` (public/ for Vite, static/ for SvelteKit) so it is served there, or pass serviceWorkerUrl where it is. MSW said: ${reason}`,
    { cause: error },
  )
}
