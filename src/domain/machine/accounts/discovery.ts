/*
 * Discovery: what the service finds in what it is sent, worked out from the
 * text alone, so the same request always finds the same things.
 */

/** The most characters of one text discovery reads; the rest is not looked at. */
const MAX_TEXT = 100_000

/** The most findings one text gives. */
const MAX_FINDINGS = 20

/** A secret-looking piece of text and what kind of secret it looks like. */
export interface SensitiveFinding {
  readonly text: string
  readonly category: string
  readonly severity: string
  readonly name: string
  readonly description: string
}

const SECRET_PATTERNS: ReadonlyArray<{ pattern: RegExp; category: string; severity: string; name: string }> = [
  {
    pattern: /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/g,
    category: 'PRIVATE_KEY',
    severity: 'HIGH',
    name: 'Private key',
  },
  { pattern: /\bAKIA[0-9A-Z]{16}\b/g, category: 'ACCESS_KEY', severity: 'HIGH', name: 'AWS access key' },
  { pattern: /\bsk-[A-Za-z0-9_-]{20,}\b/g, category: 'API_KEY', severity: 'HIGH', name: 'OpenAI API key' },
  { pattern: /\bgh[pousr]_[A-Za-z0-9]{36}\b/g, category: 'ACCESS_TOKEN', severity: 'HIGH', name: 'GitHub token' },
  { pattern: /\bxox[baprs]-[A-Za-z0-9-]{10,}\b/g, category: 'API_TOKEN', severity: 'HIGH', name: 'Slack token' },
  {
    pattern: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]+/g,
    category: 'WEB_HOOK_URL',
    severity: 'MODERATE',
    name: 'Slack webhook',
  },
  {
    pattern: /\b(?:password|passwd|secret)\s*[:=]\s*["']?[^\s"']{6,}/gi,
    category: 'SECRET',
    severity: 'MODERATE',
    name: 'Password',
  },
]

/**
 * The secrets a text seems to hold, in the order they appear.
 *
 * @example
 * findSensitives('const key = "AKIAABCDEFGHIJKLMNOP"')[0]?.category // 'ACCESS_KEY'
 */
export function findSensitives(text: string): SensitiveFinding[] {
  const read = text.slice(0, MAX_TEXT)
  const found: Array<SensitiveFinding & { at: number }> = []
  for (const { pattern, category, severity, name } of SECRET_PATTERNS) {
    for (const match of read.matchAll(pattern)) {
      found.push({
        at: match.index,
        text: match[0],
        category,
        severity,
        name,
        description: `${name} found in the text sent for discovery.`,
      })
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_FINDINGS)
    .map(({ at: _at, ...finding }) => finding)
}

/** Tags that go with others, as the service relates them. */
const RELATED_TAGS: Readonly<Record<string, readonly string[]>> = {
  typescript: ['javascript', 'node'],
  javascript: ['typescript', 'web'],
  python: ['pip', 'scripting'],
  react: ['javascript', 'frontend'],
  rust: ['cargo', 'systems'],
  go: ['golang', 'backend'],
  sql: ['database', 'query'],
  docker: ['containers', 'devops'],
  kubernetes: ['containers', 'devops'],
  css: ['styling', 'frontend'],
  html: ['web', 'frontend'],
  java: ['jvm', 'backend'],
}

/**
 * The tags related to a tag's text: the text itself in lower case, then the
 * ones that go with it.
 *
 * @example
 * relatedTags('TypeScript') // ['typescript', 'javascript', 'node']
 */
export function relatedTags(text: string): string[] {
  const key = text.trim().toLowerCase().slice(0, 200)
  if (key === '') return []
  return [key, ...(RELATED_TAGS[key] ?? [])]
}

/**
 * A name for discovered code: its first line with letters in it, clipped.
 *
 * @example
 * nameOfCode('\nfunction add(a, b) {}') // 'function add(a, b) {}'
 */
export function nameOfCode(text: string): string {
  const line = text
    .slice(0, MAX_TEXT)
    .split('\n')
    .map((candidate) => candidate.trim())
    .find((candidate) => /[A-Za-z]/.test(candidate))
  if (line === undefined) return 'Untitled snippet'
  return line.length > 60 ? `${line.slice(0, 59)}…` : line
}

/**
 * The code blocks of an HTML page: the text of each `<pre>` (or `<code>`
 * when the page has no `<pre>`), tags stripped and entities read.
 *
 * @example
 * codeBlocksOf('<pre><code>x = 1</code></pre>') // ['x = 1']
 */
export function codeBlocksOf(page: string): string[] {
  const html = page.slice(0, MAX_TEXT)
  const blocks = [...html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/gi)]
  const chosen = blocks.length > 0 ? blocks : [...html.matchAll(/<code\b[^>]*>([\s\S]*?)<\/code>/gi)]
  return chosen
    .map((match) => decodeEntities((match[1] ?? '').replace(/<[^>]*>/g, '')).trim())
    .filter((block) => block !== '')
    .slice(0, MAX_FINDINGS)
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}
