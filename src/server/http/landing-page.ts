import type { Answer } from '../../execution/answer.js'

/** The links the page offers: where each goes and what it is. */
const LINKS: readonly (readonly [path: string, what: string])[] = [
  ['/__mock/ui', 'the inspector: the requests answered, the records, steering (faults, snapshots, scenarios)'],
  ['/.well-known/health', 'health, as the service answers it'],
  ['/__mock/overview', 'the control plane: what the mock holds, as JSON'],
  ['/__mock/journal', 'the journal of requests, as JSON'],
  ['/conversations', 'the conversations, as the service lists them'],
  ['/assets', 'the assets, as the service lists them'],
]

const TITLE = 'conversation-asset-mock'
const SUMMARY = 'An in-memory mock of the Pieces OS Conversation and Asset Service.'
const DOCS =
  'The operations method by method are in docs/coverage.md, the control plane in docs/control-plane.md, in the package.'

/** No script and nothing from elsewhere; never framed. */
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
}

/**
 * What the standalone server answers at `GET /` with no query: a page saying
 * what the mock is and where its inspector, control plane and records are —
 * HTML for a browser (its `Accept` names `text/html`), plain text for `curl`.
 *
 * @example
 * landingAnswer('text/html', '127.0.0.1:39300') // { status: 200, contentType: 'text/html; charset=utf-8', … }
 */
export function landingAnswer(accept: string | undefined, host: string | undefined): Answer {
  const base = `http://${host ?? '127.0.0.1'}`
  if (accept?.includes('text/html'))
    return { status: 200, contentType: 'text/html; charset=utf-8', headers: PAGE_HEADERS, body: landingHtml(base) }
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: landingText(base) }
}

function landingText(base: string): string {
  const width = Math.max(...LINKS.map(([path]) => path.length)) + 2
  const links = LINKS.map(([path, what]) => `  ${`${base}${path}`.padEnd(base.length + width)}${what}`)
  const client = `Point the official client here: new Configuration({ basePath: '${base}' })`
  return [`${TITLE}: ${SUMMARY}`, '', client, '', ...links, '', DOCS, ''].join('\n')
}

function landingHtml(base: string): string {
  const icon =
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M2 2h12v9H7l-3 3v-3H2z' fill='%234b6bfb'/%3E%3C/svg%3E"
  const links = LINKS.map(([path, what]) => `<li><a href="${path}"><code>${path}</code></a> — ${what}</li>`).join('')
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${TITLE}</title><link rel="icon" href="${icon}">`,
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}</style>',
    `</head><body><main><h1>${TITLE}</h1><p>${SUMMARY}</p>`,
    `<p>Point the official client here: <code>new Configuration({ basePath: '${escapeHtml(base)}' })</code></p>`,
    `<ul>${links}</ul><p>${DOCS}</p></main></body></html>`,
  ].join('\n')
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
