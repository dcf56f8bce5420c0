/** A language a question can ask about, as a fenced code block names it (```python). */
export type CodeLanguage =
  | 'python'
  | 'typescript'
  | 'javascript'
  | 'java'
  | 'kotlin'
  | 'swift'
  | 'rust'
  | 'go'
  | 'ruby'
  | 'php'
  | 'csharp'
  | 'cpp'
  | 'c'
  | 'dart'
  | 'sql'
  | 'bash'

/** How much of a question is read for its language: the text is client data, so the work is bounded. */
const SCAN_CHARS = 2000
const SCAN_WORDS = 400

/** Words that name one language whatever surrounds them. */
const NAMES: ReadonlyMap<string, CodeLanguage> = new Map<string, CodeLanguage>([
  ['python', 'python'],
  ['python3', 'python'],
  ['py', 'python'],
  ['django', 'python'],
  ['flask', 'python'],
  ['pandas', 'python'],
  ['numpy', 'python'],
  ['typescript', 'typescript'],
  ['ts', 'typescript'],
  ['tsx', 'typescript'],
  ['javascript', 'javascript'],
  ['js', 'javascript'],
  ['jsx', 'javascript'],
  ['nodejs', 'javascript'],
  ['java', 'java'],
  ['kotlin', 'kotlin'],
  ['kt', 'kotlin'],
  ['swift', 'swift'],
  ['swiftui', 'swift'],
  ['rust', 'rust'],
  ['rs', 'rust'],
  ['cargo', 'rust'],
  ['golang', 'go'],
  ['ruby', 'ruby'],
  ['rb', 'ruby'],
  ['rails', 'ruby'],
  ['php', 'php'],
  ['laravel', 'php'],
  ['c#', 'csharp'],
  ['csharp', 'csharp'],
  ['dotnet', 'csharp'],
  ['c++', 'cpp'],
  ['cpp', 'cpp'],
  ['dart', 'dart'],
  ['flutter', 'dart'],
  ['sql', 'sql'],
  ['postgres', 'sql'],
  ['postgresql', 'sql'],
  ['mysql', 'sql'],
  ['sqlite', 'sql'],
  ['bash', 'bash'],
  ['shell', 'bash'],
  ['sh', 'bash'],
  ['zsh', 'bash'],
])

/** Words that name a language only beside a word that says so ("in Go", "a C program"): alone they are English. */
const SHORT_NAMES: ReadonlyMap<string, CodeLanguage> = new Map<string, CodeLanguage>([
  ['go', 'go'],
  ['c', 'c'],
])
const BEFORE_SHORT_NAME = new Set(['in', 'using', 'with', 'learn', 'learning', 'write', 'idiomatic'])
const AFTER_SHORT_NAME = new Set(['code', 'program', 'function', 'functions', 'struct', 'module', 'language', 'lang'])

/**
 * The language a question asks about: the first word of it (in reading
 * order) that names one, e.g. "python", "ts", "c++", "in Go". Reads at most
 * the first 2,000 characters and 400 words, so any question costs the same
 * bounded work; undefined when none is named.
 *
 * @example
 * questionLanguage('How do I read a CSV file in Python?') // 'python'
 */
export function questionLanguage(query: string): CodeLanguage | undefined {
  const words = wordsOf(query.slice(0, SCAN_CHARS).toLowerCase())
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!
    const named = NAMES.get(word)
    if (named) return named
    const short = SHORT_NAMES.get(word)
    if (short && (BEFORE_SHORT_NAME.has(words[index - 1] ?? '') || AFTER_SHORT_NAME.has(words[index + 1] ?? ''))) {
      return short
    }
  }
  return undefined
}

/** The words of a text, with the `++` and `#` that end a language's name ("c++", "c#"), at most SCAN_WORDS. */
function wordsOf(text: string): string[] {
  const words: string[] = []
  for (const match of text.matchAll(/[a-z0-9_]+(?:\+\+|#)?/g)) {
    words.push(match[0])
    if (words.length === SCAN_WORDS) break
  }
  return words
}

/** How an answer names each language in prose. */
const LABELS: Readonly<Record<CodeLanguage, string>> = {
  python: 'Python',
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  java: 'Java',
  kotlin: 'Kotlin',
  swift: 'Swift',
  rust: 'Rust',
  go: 'Go',
  ruby: 'Ruby',
  php: 'PHP',
  csharp: 'C#',
  cpp: 'C++',
  c: 'C',
  dart: 'Dart',
  sql: 'SQL',
  bash: 'Bash',
}

/**
 * A language's name as prose writes it.
 *
 * @example
 * languageLabel('csharp') // 'C#'
 */
export function languageLabel(language: CodeLanguage): string {
  return LABELS[language]
}

/**
 * The language a short tag names: a fenced block's info string or a
 * snippet's classification (`ts`, `py`, `go`, `c`); undefined for one that
 * names none (`text`).
 *
 * @example
 * tagLanguage('go') // 'go'
 */
export function tagLanguage(tag: string): CodeLanguage | undefined {
  // "in" makes the short names ("go", "c") read as languages.
  return questionLanguage(`in ${tag.slice(0, 40)}`)
}
