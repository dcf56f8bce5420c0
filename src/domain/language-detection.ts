import type { DetectedLanguage, Options } from 'flourite'
import type { FormatRecord } from '../store/schemas/schemas.js'

/** A format's classification: CODE or TEXT, and the language (`ClassificationSpecificEnum`). */
export type Classification = FormatRecord['classification']

/** The detector's language names, as the client's ClassificationSpecificEnum spells them. */
const SPECIFIC_OF: Readonly<Record<string, Classification['specific']>> = {
  Bash: 'sh',
  C: 'c',
  'C++': 'cpp',
  'C#': 'cs',
  Clojure: 'clj',
  CSS: 'css',
  Dart: 'dart',
  Dockerfile: 'dockerfile',
  Elixir: 'ex',
  Go: 'go',
  HTML: 'html',
  Java: 'java',
  Javascript: 'js',
  JSON: 'json',
  Julia: 'jl',
  Kotlin: 'kt',
  Lua: 'lua',
  Markdown: 'md',
  Pascal: 'pas',
  PHP: 'php',
  Python: 'py',
  Ruby: 'rb',
  Rust: 'rs',
  SQL: 'sql',
  Typescript: 'ts',
  YAML: 'yml',
}

/** The extensions whose formats are TEXT; every other language is CODE. */
const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([
  'txt',
  'text',
  'md',
  'markdown',
  'mdown',
  'mdwn',
  'markdn',
  'log',
  'csv',
])

type Detect = (snippet: string, options?: Options) => DetectedLanguage

/** Prose: what the user typed rather than code. */
const PROSE: Classification = { generic: 'TEXT', specific: 'text' }

// Below this many of the detector's points, text that reads as sentences is prose, not code.
const SURE_POINTS = 8
// Below this many, text with no symbol of code at all is prose (the detector's guess on a few words).
const WEAK_POINTS = 3
// How much of a text the detector reads: its first lines, each clipped (the detector's cost grows with the
// square of a line's length, so a long line would cost seconds).
const SAMPLE_LINES = 80
const SAMPLE_LINE_CHARS = 120
const CODE_SYMBOLS = /[{}[\]<>=$|\\`_]/g
const WORD = /[A-Za-z]{2,}/g

/** The first lines of a text, each clipped: what the detector reads. */
function sampleOf(text: string): string {
  const head = text.slice(0, SAMPLE_LINES * (SAMPLE_LINE_CHARS + 1) * 4)
  return head
    .split('\n', SAMPLE_LINES)
    .map((line) => line.slice(0, SAMPLE_LINE_CHARS))
    .join('\n')
}

/** Whether text reads as sentences: few symbols of code, and lines of several words. */
function readsAsProse(text: string): boolean {
  const symbols = text.match(CODE_SYMBOLS)?.length ?? 0
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  const words = text.match(WORD)?.length ?? 0
  return symbols / text.length < 0.02 && words / Math.max(lines.length, 1) >= 3
}

/**
 * The classification of a language extension: TEXT for the text
 * extensions (`txt`, `md`, `csv`, …), CODE for every other.
 *
 * @example
 * classificationOf('py') // { generic: 'CODE', specific: 'py' }
 */
export function classificationOf(specific: Classification['specific']): Classification {
  return { generic: TEXT_EXTENSIONS.has(specific) ? 'TEXT' : 'CODE', specific }
}

/**
 * Detects the language of a snippet from its content, loading the detector
 * (flourite) on first use: CODE with the language as the client's
 * ClassificationSpecificEnum spells it, or TEXT (`text`) for prose and for
 * what no language matches.
 *
 * @example
 * await detectClassification('def greet():\n    print("hi")') // { generic: 'CODE', specific: 'py' }
 */
export async function detectClassification(text: string): Promise<Classification> {
  // The head of a long text decides: the detector's cost stays bounded whatever the text's length.
  const trimmed = sampleOf(text).trim()
  if (trimmed === '') return PROSE
  // flourite's types describe its CommonJS build; its ES module (and esbuild's CommonJS interop) export the function as default.
  const { default: detect } = (await import('flourite')) as unknown as { default: Detect }
  const { language, statistics } = detect(trimmed, { shiki: false, noUnknown: false })
  const specific = SPECIFIC_OF[language]
  if (specific === undefined) return PROSE
  // A shebang names its language outright, with no points.
  if (Object.keys(statistics).length === 0) return classificationOf(specific)
  const points = statistics[language] ?? 0
  const symbols = trimmed.match(CODE_SYMBOLS)?.length ?? 0
  if (points < SURE_POINTS && readsAsProse(trimmed)) return PROSE
  if (points < WEAK_POINTS && symbols === 0) return PROSE
  return classificationOf(specific)
}
