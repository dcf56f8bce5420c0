import { describe, expect, it } from 'vitest'
import { composeAnswer } from '../../src/domain/copilot/copilot-answer.js'
import type { CopilotGrounding } from '../../src/domain/copilot/copilot-grounding.js'
import { questionTask, type CommonTask } from '../../src/domain/copilot/common-tasks.js'
import { oneLineKind } from '../../src/domain/copilot/one-line-answer.js'
import { questionLanguage, type CodeLanguage } from '../../src/domain/copilot/question-language.js'

const none: CopilotGrounding = { assets: [], messages: [] }

/** Messages as a conversation holds them: only their role and text are read. */
function conversation(...turns: Array<['USER' | 'ASSISTANT', string]>): CopilotGrounding {
  const messages = turns.map(([role, raw]) => ({ role, fragment: { string: { raw } } }))
  return { assets: [], messages } as unknown as CopilotGrounding
}

/** A stored snippet as the grounding holds it: its name, classification and code. */
function snippet(name: string, specific: string, raw: string) {
  return { asset: { name }, original: { classification: { specific }, fragment: { string: { raw } } } }
}

/** The `pieces commit` prompt, as the CLI's public source words it, with a change summary. */
const CLI_COMMIT_PROMPT = `Act as a git expert developer to generate a concise git commit message **using best git commit message practices** to follow these specifications:
                \`Message language: English\`,
                \`Format of the message: "(task done): small description"\`,
                \`task done can be one from: "feat,fix,chore,refactor,docs,style,test,perf,ci,build,revert"\`,
                \`Example of the message: "docs: add new guide on python"\`,
                Your response should be: \`__'The message is: **YOUR COMMIT MESSAGE HERE**'__\` WITHOUT ADDING ANYTHING ELSE",
                \`Here are the changes summary:\`
File created: **src/cache.py**
Here are the following additions and deletions to src/cache.py:
Addition: def cached(fn):
File modified: **src/app.py**
Here are the following additions and deletions to src/app.py:
Addition: from cache import cached
`

describe('the answer built from the question', () => {
  it.each<[string, CodeLanguage, CommonTask, string]>([
    ['How do I reverse a list in Python?', 'python', 'reverse-list', 'numbers[::-1]'],
    ['Sort an array of strings in TypeScript', 'typescript', 'sort', 'words.toSorted((a, b) => a.localeCompare(b))'],
    ['How can I read a file line by line in Go?', 'go', 'read-file', 'bufio.NewScanner(file)'],
    ['Make an HTTP request in Rust', 'rust', 'http-request', 'reqwest::blocking::get('],
    ['Parse JSON in Java', 'java', 'parse-json', 'mapper.readTree('],
    ['String formatting in C#', 'csharp', 'string-format', '$"{name} has {count} new messages"'],
    ['Iterate over a dictionary in Swift', 'swift', 'map-iteration', 'for (name, age) in ages {'],
    ['Filter a list in Kotlin', 'kotlin', 'filter', 'numbers.filter { it % 2 == 0 }'],
    ['Remove duplicates from an array in JavaScript', 'javascript', 'deduplicate', '[...new Set(items)]'],
    ['Regex for a date in Ruby', 'ruby', 'regex-match', '.match(/(\\d{4})-(\\d{2})-(\\d{2})/)'],
    ['Get the distinct names in SQL', 'sql', 'deduplicate', 'SELECT DISTINCT name'],
    ['Loop over the keys of a map in C++', 'cpp', 'map-iteration', 'for (const auto& [name, age] : ages) {'],
    ['How do I reverse an array in C?', 'c', 'reverse-list', 'numbers[count - 1 - i] = kept;'],
    ['Format a price with two decimals in PHP', 'php', 'string-format', "sprintf('%.2f', 9.5)"],
    ['Deduplicate the lines of a file in bash', 'bash', 'deduplicate', 'sort -u items.txt'],
    ['Sort a list of words in Dart', 'dart', 'sort', 'words.sort();'],
  ])('reads %j as %s and %s, and shows it: %s', (question, language, task, fragment) => {
    expect(questionLanguage(question)).toBe(language)
    expect(questionTask(question)).toBe(task)
    const text = composeAnswer(question, none, 1)
    expect(text).toContain(`\`\`\`${language}\n`)
    expect(text).toContain(fragment)
  })

  it('takes the task whose words come first when a question names two', () => {
    expect(questionTask('Sort a list in reverse order')).toBe('sort')
    expect(questionTask('Reverse the order of a list')).toBe('reverse-list')
    expect(questionTask('What is a closure?')).toBeUndefined()
  })

  it('never repeats the question, and gives the same answer to the same question', () => {
    const question = 'How do I reverse a list in Python?'
    const text = composeAnswer(question, none, 7)
    expect(text).not.toContain(question)
    expect(text).not.toContain('How do I')
    expect(composeAnswer(question, none, 7)).toBe(text)
    expect(composeAnswer('What is a closure?', none, 7)).not.toContain('closure')
  })

  it('keeps the conversation’s language for a follow-up that names none, and switches when one does', () => {
    const earlier = conversation(
      ['USER', 'How do I reverse a list in Python?'],
      ['ASSISTANT', 'Here is how to reverse a list in Python:\n\n```python\nnumbers[::-1]\n```'],
    )
    const followUp = composeAnswer('And how do I sort it?', earlier, 1)
    expect(followUp).toContain('Staying with Python, as earlier in this conversation.')
    expect(followUp).toContain('```python\nwords = ["pear", "apple", "fig"]')
    expect(followUp).not.toContain('```typescript')
    expect(composeAnswer('And how do I sort it in Rust?', earlier, 1)).toContain('```rust\n')
    // An answer's code block tells its language too.
    const answered = conversation(['USER', 'What is this?'], ['ASSISTANT', 'It is:\n\n```go\nfunc main() {}\n```'])
    expect(composeAnswer('How do I filter a list?', answered, 1)).toContain('```go\nnumbers := []int{1, 2, 3, 4, 5, 6}')
  })

  it('falls back to the stored snippet most relevant to the question when it asks no known task', () => {
    const related = snippet('debounce.ts', 'ts', 'export function debounce(fn: () => void, ms: number) {}')
    const text = composeAnswer('How does my debounce helper work?', { ...none, related } as CopilotGrounding, 1)
    expect(text).toContain('The closest snippet you have saved is `debounce.ts`:')
    expect(text).toContain('```ts\nexport function debounce(fn: () => void, ms: number) {}\n```')
    // Not when the question asks about another language than the snippet's.
    const python = composeAnswer('How does debounce work in Python?', { ...none, related } as CopilotGrounding, 1)
    expect(python).not.toContain('debounce.ts')
    expect(python).toContain('```python\n')
  })
})

describe('the one line a prompt asks for', () => {
  it('answers the pieces CLI’s commit prompt with one conventional commit line naming the changes', () => {
    expect(oneLineKind(CLI_COMMIT_PROMPT)).toBe('commit-message')
    const message = composeAnswer(CLI_COMMIT_PROMPT, none, 1)
    expect(message).toBe('feat: add src/cache.py and 1 other file')
    expect(message).not.toContain('\n')
  })

  it.each([
    [
      'Write a commit message for this diff:\ndiff --git a/README.md b/README.md\n--- a/README.md',
      'docs: update README.md',
    ],
    [
      'Generate a commit message.\ndiff --git a/test/cache.test.ts b/test/cache.test.ts\nnew file mode 100644',
      'test: add test/cache.test.ts',
    ],
    [
      'diff --git a/src/old.ts b/src/old.ts\ndeleted file mode 100644\nSuggest a commit message',
      'chore: remove src/old.ts',
    ],
    ['Give me a commit message', 'chore: update project files'],
  ])('reads the changes of %j as %j', (prompt, message) => {
    expect(composeAnswer(prompt, none, 1)).toBe(message)
  })

  it('titles and summarises a conversation by its task and language, in one line that repeats no prompt', () => {
    const grounding = conversation(
      ['USER', 'How do I reverse a list in Python?'],
      ['ASSISTANT', '```python\nnumbers[::-1]\n```'],
    )
    expect(composeAnswer('Give this conversation a short title', grounding, 1)).toBe('Reversing a list in Python')
    expect(composeAnswer('Summarize this conversation in one sentence.', grounding, 1)).toBe(
      'A conversation about reversing a list in Python, over 2 messages.',
    )
    expect(composeAnswer('Give this conversation a short title', none, 1)).toBe('Coding question')
  })

  it('answers a question that only mentions a title or a summary as a question', () => {
    expect(oneLineKind('How do I set the window title in Swift?')).toBeUndefined()
    expect(oneLineKind('What is a summary statistic?')).toBeUndefined()
    expect(composeAnswer('How do I set the window title in Swift?', none, 1)).toContain('```swift\n')
  })
})
