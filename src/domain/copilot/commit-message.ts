/** How much of a prompt is read for the files it changes: the text is client data, so the work is bounded. */
const SCAN_CHARS = 20_000
const MAX_FILES = 50

/** What happened to a file a prompt names. */
type Change = 'created' | 'modified' | 'deleted'

/**
 * The files a prompt's change summary or diff names: the `pieces commit`
 * summary's "File created: **path**" lines, else a diff's `diff --git a/… b/…`
 * headers (a following "new file" or "deleted file" line says how it changed).
 */
function changedFiles(prompt: string): Array<{ path: string; change: Change }> {
  const text = prompt.slice(0, SCAN_CHARS)
  const files: Array<{ path: string; change: Change }> = []
  for (const match of text.matchAll(/File (created|modified|deleted): \*\*([^*\n]{1,200})\*\*/g)) {
    files.push({ change: match[1] as Change, path: match[2]!.trim() })
  }
  if (files.length === 0) {
    for (const match of text.matchAll(/^diff --git a\/(\S{1,200}) b\/\S+\n(new|deleted)?/gm)) {
      files.push({ path: match[1]!, change: match[2] === 'new' ? 'created' : match[2] ? 'deleted' : 'modified' })
    }
  }
  return files.slice(0, MAX_FILES)
}

/** The conventional-commit type of a set of changes. */
function commitType(files: ReadonlyArray<{ path: string; change: Change }>): string {
  const paths = files.map((file) => file.path.toLowerCase())
  if (paths.every((path) => /\.(md|mdx|rst|txt)$/.test(path) || path.startsWith('docs/'))) return 'docs'
  if (paths.every((path) => /(^|\/)(tests?|__tests__|spec)\/|[._-](test|spec)\.\w+$/.test(path))) return 'test'
  if (files.some((file) => file.change === 'created')) return 'feat'
  if (files.every((file) => file.change === 'deleted')) return 'chore'
  return 'refactor'
}

const VERBS: Readonly<Record<Change, string>> = { created: 'add', modified: 'update', deleted: 'remove' }

/**
 * A one-line commit message for the changes a prompt describes, in the form
 * `type: what changed` ("feat: add src/cache.ts and 2 other files"); a
 * prompt that names no files gets a general one. Never repeats the prompt.
 *
 * @example
 * commitMessage('Write a commit message.\nFile modified: **README.md**') // 'docs: update README.md'
 */
export function commitMessage(prompt: string): string {
  const files = changedFiles(prompt)
  const first = files[0]
  if (!first) return 'chore: update project files'
  const others = files.length - 1
  const more = others === 0 ? '' : ` and ${others} other file${others === 1 ? '' : 's'}`
  return `${commitType(files)}: ${VERBS[first.change]} ${first.path}${more}`
}
