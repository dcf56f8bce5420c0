import { describe, expect, it } from 'vitest'
import { detectClassification } from '../../src/domain/language-detection.js'

const SNIPPETS = {
  python:
    'def greet(name):\n    """Say hello."""\n    print(f"Hello, {name}")\n\nif __name__ == "__main__":\n    greet("world")\n',
  typescript:
    'interface User {\n  id: number\n  name: string\n}\n\nexport function greet(user: User): string {\n  return `Hello, ${user.name}`\n}\n',
  javascript:
    "const items = [1, 2, 3]\nconst doubled = items.map((item) => item * 2)\nconsole.log(doubled)\ndocument.querySelector('#out').textContent = doubled.join(', ')\n",
  rust: 'fn main() {\n    let mut total: i32 = 0;\n    for n in 1..=10 {\n        total += n;\n    }\n    println!("{}", total);\n}\n',
  go: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tnames := []string{"a", "b"}\n\tfor _, n := range names {\n\t\tfmt.Println(n)\n\t}\n}\n',
  java: 'public class Hello {\n    public static void main(String[] args) {\n        System.out.println("Hello, world");\n    }\n}\n',
  sql: "SELECT id, name FROM users WHERE created_at > '2024-01-01' ORDER BY name;\n",
  json: '{\n  "name": "example",\n  "version": "1.0.0",\n  "private": true,\n  "tags": ["a", "b"]\n}\n',
  html: '<!DOCTYPE html>\n<html>\n  <head><title>Page</title></head>\n  <body>\n    <div class="card"><p>Hello</p></div>\n  </body>\n</html>\n',
  css: '.card {\n  display: flex;\n  padding: 8px 16px;\n  color: #333;\n}\n\n.card:hover {\n  background: rgba(0, 0, 0, 0.1);\n}\n',
  bash: '#!/bin/bash\nset -euo pipefail\nfor file in *.txt; do\n  echo "Processing $file"\n  grep -c "error" "$file" || true\ndone\n',
  prose:
    'Remember to buy milk on the way home. The meeting with the design team moved to Thursday afternoon, so we can review the new onboarding flow together then.',
  notes: 'I think we should (maybe) refactor this; what do you think?\nLet me know if you want to pair on it tomorrow.',
  command: 'npm install react',
}

describe('the language detected for text saved without one', () => {
  it.each([
    ['python', SNIPPETS.python, 'CODE', 'py'],
    ['typescript', SNIPPETS.typescript, 'CODE', 'ts'],
    ['javascript', SNIPPETS.javascript, 'CODE', 'js'],
    ['rust', SNIPPETS.rust, 'CODE', 'rs'],
    ['go', SNIPPETS.go, 'CODE', 'go'],
    ['java', SNIPPETS.java, 'CODE', 'java'],
    ['sql', SNIPPETS.sql, 'CODE', 'sql'],
    ['json', SNIPPETS.json, 'CODE', 'json'],
    ['html', SNIPPETS.html, 'CODE', 'html'],
    ['css', SNIPPETS.css, 'CODE', 'css'],
    ['bash', SNIPPETS.bash, 'CODE', 'sh'],
    ['plain English prose', SNIPPETS.prose, 'TEXT', 'text'],
    ['a note with brackets and a question', SNIPPETS.notes, 'TEXT', 'text'],
    ['a few words no language claims', SNIPPETS.command, 'TEXT', 'text'],
    ['nothing but spaces', '  \n ', 'TEXT', 'text'],
  ])('classifies %s as %s %s', async (_name, text, generic, specific) => {
    expect(await detectClassification(text)).toEqual({ generic, specific })
  })
})

describe('the cost of detecting a language', () => {
  it('reads only the head of a long text, clipped line by line: a 10 MiB line is classified within the test timeout', async () => {
    // Unclipped, the detector's time grows with the square of a line's length: minutes for this one.
    const line = `0:${'a'.repeat(10 * 1024 * 1024)}`
    expect(await detectClassification(line)).toEqual({ generic: 'TEXT', specific: 'text' })
    const long = `def twice(x):\n    return x * 2\n${'# filler\n'.repeat(200_000)}`
    expect(await detectClassification(long)).toEqual({ generic: 'CODE', specific: 'py' })
  })
})
