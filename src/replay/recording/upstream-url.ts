/** Where a forwarded request goes, or why it is not forwarded. */
export type UpstreamUrl = { readonly url: URL } | { readonly refusal: string }

/**
 * The URL a request is forwarded to: the upstream's origin followed by the
 * request target as a path, never resolved against the upstream. A target
 * that could name another host, port or scheme (absolute-form, `//`, `\`,
 * `%5C`, `@` in the path, a `#`, control characters) is refused, naming why.
 *
 * @example
 * upstreamUrl('http://localhost:39300', '/assets?limit=2') // { url: http://localhost:39300/assets?limit=2 }
 * upstreamUrl('http://localhost:39300', '/\\evil:80\\x') // { refusal: 'Failed to forward …' }
 */
export function upstreamUrl(upstream: string, target: string): UpstreamUrl {
  const problem = targetProblem(target)
  if (problem) return { refusal: refusal(target, problem) }
  const origin = new URL(upstream).origin
  const url = new URL(`${origin}${target}`)
  // Belt and braces: whatever the path held, the URL names the upstream alone.
  if (url.origin !== origin) return { refusal: refusal(target, `it resolves to ${url.origin}, not ${origin}`) }
  return { url }
}

/** Why a request target could leave the upstream, or undefined when it is a plain path. */
function targetProblem(target: string): string | undefined {
  if (!target.startsWith('/')) return 'it is not a path starting with "/" (an absolute-form or authority-form target)'
  // Control characters and spaces: a URL parser drops or rewrites them.
  if ([...target].some((char) => char <= ' ' || char === '\u007f')) return 'it holds a control character or a space'
  if (target.includes('#')) return 'it holds a "#"'
  const queryStart = target.indexOf('?')
  const path = queryStart === -1 ? target : target.slice(0, queryStart)
  if (path.includes('\\')) return 'its path holds a "\\"'
  if (/%5c/i.test(path)) return 'its path holds an encoded "\\" (%5C)'
  if (path.includes('//')) return 'its path holds "//"'
  if (/%2f%2f|\/%2f|%2f\//i.test(path)) return 'its path holds an encoded "//"'
  if (path.includes('@') || /%40/i.test(path)) return 'its path holds an "@"'
  return undefined
}

function refusal(target: string, problem: string): string {
  const shown = target.length > 200 ? `${target.slice(0, 200)}…` : target
  return `Failed to forward the request for ${JSON.stringify(shown)} to the upstream: ${problem}. Send a plain path such as /assets.`
}
