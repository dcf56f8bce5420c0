import { describe, expect, it } from 'vitest'
import { composeAnswer } from '../../src/domain/copilot/copilot-answer.js'
import { questionLanguage } from '../../src/domain/copilot/question-language.js'

describe('the language a question asks about', () => {
  it.each([
    ['How do I read a CSV file in Python?', 'python'],
    ['pandas groupby with two keys', 'python'],
    ['Why does my .py script hang?', 'python'],
    ['How do I narrow a union type in TypeScript?', 'typescript'],
    ['Debounce in node.js', 'javascript'],
    ['Java streams vs loops', 'java'],
    ['A C++ class with a move constructor', 'cpp'],
    ['LINQ in C# for grouping', 'csharp'],
    ['How do I read a file in Go?', 'go'],
    ['Write a C program that copies a file', 'c'],
    ['A bash loop over files', 'bash'],
    ['Join two tables in SQL', 'sql'],
  ])('reads %j as %s', (question, language) => {
    expect(questionLanguage(question)).toBe(language)
  })

  it('takes the first language named, in reading order', () => {
    expect(questionLanguage('Port this Python to Rust')).toBe('python')
    expect(questionLanguage('Port this Rust to Python')).toBe('rust')
  })

  it('does not read "go" or "c" as a language where they are plain words', () => {
    expect(questionLanguage('How should I go about naming things?')).toBeUndefined()
    expect(questionLanguage('Is plan c any better?')).toBeUndefined()
  })

  it('reads only the first 2,000 characters and 400 words of a question', () => {
    expect(questionLanguage(`${'x'.repeat(1024 * 1024)} python`)).toBeUndefined()
    expect(questionLanguage(`${'a '.repeat(400)}python`)).toBeUndefined()
    expect(questionLanguage(`${'a '.repeat(399)}python`)).toBe('python')
  })
})

describe('the composed answer', () => {
  const none = { assets: [], messages: [] }

  it('holds the task asked about in the language the question names, and in TypeScript when it names none', () => {
    expect(composeAnswer('Read a file in Ruby', none, 1)).toContain("```ruby\nFile.foreach('notes.txt') do |line|")
    expect(composeAnswer('Read a file', none, 1)).toContain(
      "```typescript\nimport { readFile } from 'node:fs/promises'",
    )
  })

  it('never repeats the question, so a backtick run in it cannot end the code block early', () => {
    const text = composeAnswer('Why is ```x``` slow in Python?', none, 1)
    expect(text).not.toContain('```x```')
    expect(text).not.toContain('Why is')
    expect(text.match(/```/g)).toHaveLength(2)
  })

  it('answers a question about another language than its grounding snippet in the language asked, still naming the snippet', () => {
    const snippet = {
      asset: { name: 'sum.ts' },
      original: { classification: { specific: 'ts' }, fragment: { string: { raw: 'export const sum = 1' } } },
    }
    const grounding = { assets: [snippet], messages: [] } as unknown as Parameters<typeof composeAnswer>[1]
    const python = composeAnswer('How do I read a file in Python?', grounding, 1)
    expect(python).toContain('Based on `sum.ts`')
    expect(python).toContain('```python\n')
    expect(python).not.toContain('export const sum = 1')
    expect(composeAnswer('How do I sum in TypeScript?', grounding, 1)).toContain('```ts\nexport const sum = 1\n```')
    expect(composeAnswer('How do I sum?', grounding, 1)).toContain('```ts\nexport const sum = 1\n```')
  })
})
