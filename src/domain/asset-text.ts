import type { AssetRecord, FormatRecord } from '../store/schemas/schemas.js'
import { clip } from './conversation-text.js'

/** The text of a format: its fragment, else its file. */
function formatText(format: FormatRecord | undefined): string {
  return format?.fragment?.string?.raw ?? format?.file?.string?.raw ?? ''
}

/**
 * The name the mock gives a new snippet that came without one: its first
 * meaningful line of code, clipped, or "Untitled <language> snippet".
 *
 * @example
 * nameForSnippet('export function debounce() {}', 'ts') // 'export function debounce() {}'
 */
export function nameForSnippet(code: string, language: string): string {
  const line = code
    .split('\n')
    .map((candidate) => candidate.trim())
    .find((candidate) => candidate !== '' && !/^(\/\/|#|--|\/\*|\*)/.test(candidate))
  return line ? clip(line, 60) : `Untitled ${language} snippet`
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)
}

/**
 * An asset's export text: MD is a Markdown document with the code in a fenced
 * block of its language, HTML escapes the code into `<pre><code class="language-…">`,
 * UNKNOWN is the code as it is.
 *
 * @example
 * exportText('MD', asset, format, 'Debounces a function.')
 */
export function exportText(
  type: 'MD' | 'HTML' | 'UNKNOWN',
  asset: AssetRecord,
  format: FormatRecord | undefined,
  description: string,
): string {
  const name = asset.name ?? 'Untitled snippet'
  const language = format?.classification.specific ?? 'UNKNOWN'
  const code = formatText(format)
  if (type === 'MD') {
    const fence = code.includes('```') ? '~~~' : '```'
    return [
      `# ${name}`,
      '',
      ...(description ? [description, ''] : []),
      `${fence}${language}`,
      code.replace(/\n$/, ''),
      fence,
      '',
    ].join('\n')
  }
  if (type === 'HTML') {
    return [
      `<h1>${escapeHtml(name)}</h1>`,
      ...(description ? [`<p>${escapeHtml(description)}</p>`] : []),
      `<pre><code class="language-${escapeHtml(language)}">${escapeHtml(code)}</code></pre>`,
      '',
    ].join('\n')
  }
  return code
}
