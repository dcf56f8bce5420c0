import type { CodeLanguage } from './question-language.js'

const NAMES = ['solve', 'handle', 'run', 'answer'] as const

/** What each language's example is made of: a line comment, and the body for a function name. */
const EXAMPLES: Readonly<Record<CodeLanguage, { comment: string; body: (name: string) => string[] }>> = {
  typescript: {
    comment: '//',
    body: (name) => [
      `export function ${name}(input: string): string {`,
      '  const trimmed = input.trim()',
      "  if (trimmed === '') throw new Error('Failed to answer: the input is empty. Pass some text.')",
      '  return trimmed',
      '}',
    ],
  },
  javascript: {
    comment: '//',
    body: (name) => [
      `export function ${name}(input) {`,
      '  const trimmed = String(input).trim()',
      "  if (trimmed === '') throw new Error('Failed to answer: the input is empty. Pass some text.')",
      '  return trimmed',
      '}',
    ],
  },
  python: {
    comment: '#',
    body: (name) => [
      `def ${name}(text: str) -> str:`,
      '    trimmed = text.strip()',
      '    if not trimmed:',
      '        raise ValueError("Failed to answer: the input is empty. Pass some text.")',
      '    return trimmed',
    ],
  },
  java: {
    comment: '//',
    body: (name) => [
      `public static String ${name}(String input) {`,
      '    String trimmed = input.strip();',
      '    if (trimmed.isEmpty()) throw new IllegalArgumentException("Failed to answer: the input is empty. Pass some text.");',
      '    return trimmed;',
      '}',
    ],
  },
  kotlin: {
    comment: '//',
    body: (name) => [
      `fun ${name}(input: String): String {`,
      '    val trimmed = input.trim()',
      '    require(trimmed.isNotEmpty()) { "Failed to answer: the input is empty. Pass some text." }',
      '    return trimmed',
      '}',
    ],
  },
  swift: {
    comment: '//',
    body: (name) => [
      `func ${name}(_ input: String) throws -> String {`,
      '    let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)',
      '    guard !trimmed.isEmpty else { throw AnswerError.emptyInput }',
      '    return trimmed',
      '}',
    ],
  },
  rust: {
    comment: '//',
    body: (name) => [
      `pub fn ${name}(input: &str) -> Result<&str, String> {`,
      '    let trimmed = input.trim();',
      '    if trimmed.is_empty() {',
      '        return Err("Failed to answer: the input is empty. Pass some text.".into());',
      '    }',
      '    Ok(trimmed)',
      '}',
    ],
  },
  go: {
    comment: '//',
    body: (name) => [
      `func ${name}(input string) (string, error) {`,
      '\ttrimmed := strings.TrimSpace(input)',
      '\tif trimmed == "" {',
      '\t\treturn "", errors.New("failed to answer: the input is empty, pass some text")',
      '\t}',
      '\treturn trimmed, nil',
      '}',
    ],
  },
  ruby: {
    comment: '#',
    body: (name) => [
      `def ${name}(input)`,
      '  trimmed = input.strip',
      "  raise ArgumentError, 'Failed to answer: the input is empty. Pass some text.' if trimmed.empty?",
      '  trimmed',
      'end',
    ],
  },
  php: {
    comment: '//',
    body: (name) => [
      `function ${name}(string $input): string {`,
      '    $trimmed = trim($input);',
      "    if ($trimmed === '') throw new InvalidArgumentException('Failed to answer: the input is empty. Pass some text.');",
      '    return $trimmed;',
      '}',
    ],
  },
  csharp: {
    comment: '//',
    body: (name) => [
      `public static string ${capitalized(name)}(string input)`,
      '{',
      '    var trimmed = input.Trim();',
      '    if (trimmed.Length == 0) throw new ArgumentException("Failed to answer: the input is empty. Pass some text.");',
      '    return trimmed;',
      '}',
    ],
  },
  cpp: {
    comment: '//',
    body: (name) => [
      `std::string ${name}(const std::string& input) {`,
      '    const auto first = input.find_first_not_of(" \\t\\n");',
      '    if (first == std::string::npos) throw std::invalid_argument("Failed to answer: the input is empty. Pass some text.");',
      '    return input.substr(first, input.find_last_not_of(" \\t\\n") - first + 1);',
      '}',
    ],
  },
  c: {
    comment: '//',
    body: (name) => [
      `const char *${name}(const char *input) {`,
      "    while (*input == ' ' || *input == '\\t' || *input == '\\n') input++;",
      "    if (*input == '\\0') return NULL; /* the input is empty */",
      '    return input;',
      '}',
    ],
  },
  dart: {
    comment: '//',
    body: (name) => [
      `String ${name}(String input) {`,
      '  final trimmed = input.trim();',
      "  if (trimmed.isEmpty) throw ArgumentError('Failed to answer: the input is empty. Pass some text.');",
      '  return trimmed;',
      '}',
    ],
  },
  sql: {
    comment: '--',
    body: (name) => [`SELECT TRIM(input) AS ${name}`, 'FROM answers', "WHERE TRIM(input) <> '';"],
  },
  bash: {
    comment: '#',
    body: (name) => [
      `${name}() {`,
      '  local trimmed',
      '  trimmed="$(echo "$1" | xargs)"',
      '  [[ -n "$trimmed" ]] || { echo "Failed to answer: the input is empty. Pass some text." >&2; return 1; }',
      '  echo "$trimmed"',
      '}',
    ],
  },
}

/**
 * A short example in a language, headed by a comment saying what it is: the
 * body of the fenced block an answer holds when the question asks for no
 * task the copilot knows and nothing stored is relevant. Deterministic for a
 * pick; it never repeats the question.
 *
 * @example
 * exampleCode('python', 0) // '# A starting point: check the input, then work on it\ndef solve(text: str) -> str:\n…'
 */
export function exampleCode(language: CodeLanguage, pick: number): string {
  const example = EXAMPLES[language]
  const name = NAMES[pick % NAMES.length]!
  return [`${example.comment} A starting point: check the input, then work on it`, ...example.body(name)].join('\n')
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1)
}
