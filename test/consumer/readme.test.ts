// Every code block of README.md and docs/*.md, compiled and run as a user would paste it.
//
// A block's fence names what it is: ```ts and ```js are code, written to a scratch directory in
// this folder (so they import the package by its name, as users do), typechecked together with the
// repository's compiler options, and run: a block that calls vitest's `it` is collected as a suite
// of this file, any other runs as one test. ```ts browser is code for a page (service worker,
// `window`): compiled, not run; so is ```ts playwright, a Playwright test file (its runner, not
// vitest, runs it: examples/playwright/ does). ```json is configuration: parsed. ```sh and ```text are commands
// and output, not run. ```js from <file> is a file of a project another runner runs (test/consumers/, through
// npm run test:consumers): the block must be in that file word for word.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it, vi } from 'vitest'

interface Block {
  readonly page: string
  readonly line: number
  readonly fence: string
  readonly code: string
}

const root = new URL('../../', import.meta.url)
const RUN = new Set(['ts', 'js'])
const COMPILE_ONLY = new Set(['ts browser', 'ts playwright'])
const JSON_BLOCK = 'json'
const NOT_CODE = new Set(['sh', 'text', 'mermaid'])
const FROM_FILE = /^(?:js|ts) from (\S+)$/
const VITEST_GLOBALS = ['describe', 'it', 'test', 'expect', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach']

const pages = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
const texts = new Map(pages.map((page) => [page, readFileSync(new URL(page, root), 'utf8')]))
const blocks = pages.flatMap((page) => blocksOf(page, texts.get(page)!))
const code = blocks.filter((block) => RUN.has(block.fence) || COMPILE_ONLY.has(block.fence))
const readme = texts.get('README.md')!

/** Every fenced block of a page, with the line its fence opens on. */
function blocksOf(page: string, text: string): Block[] {
  const found: Block[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const open = /^(`{3,})([^`]*)$/.exec(lines[index]!) // an info string holds no backtick
    if (!open) continue
    const close = lines.findIndex((line, at) => at > index && line === open[1])
    if (close === -1) {
      // Never closed: everything after it would be taken as code. Listed so the tagging test names it.
      found.push({ page, line: index + 1, fence: `unclosed ${open[2]!.trim()}`, code: '' })
      break
    }
    found.push({ page, line: index + 1, fence: open[2]!.trim(), code: lines.slice(index + 1, close).join('\n') })
    index = close
  }
  return found
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')

/** Whether a relative link from `page` reaches a file, and a heading of it when it names one. */
function linkResolves(page: string, target: string, anchor: string | undefined): boolean {
  const file = target === '' ? page : new URL(target, new URL(page, root)).pathname.slice(new URL(root).pathname.length)
  let text: string
  try {
    text = texts.get(file) ?? readFileSync(new URL(file, root), 'utf8')
  } catch {
    return false
  }
  if (anchor === undefined) return true
  const headings = [...text.matchAll(/^#+ (.+)$/gm)].map((match) => anchorOf(match[1]!))
  return headings.includes(anchor)
}

const nameOf = (block: Block) => `${block.page}:${block.line}`
const callsTests = (block: Block) => /(^|[^.\w])it\(/m.test(block.code)

// The scratch directory lives in the repository, so the blocks resolve the package and its
// dependencies as a user's project does; it is removed when the file's tests end.
const scratch = new URL(`.snippets-${process.pid}/`, import.meta.url)
mkdirSync(scratch, { recursive: true })
const files = new Map(
  code.map((block, index) => {
    const file = new URL(`block-${index + 1}.${block.fence.startsWith('js') ? 'mjs' : 'mts'}`, scratch)
    writeFileSync(file, `${block.code}\n`)
    return [block, file] as const
  }),
)
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** What the compiler says of every code block, one line per error, naming the page and line. */
function compileErrors(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    new URL('tsconfig.json', root).pathname,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )!
  const byPath = new Map([...files].map(([block, file]) => [file.pathname, block]))
  const program = ts.createProgram([...byPath.keys()], {
    ...config.options,
    // The package by its name as users get it, the built declarations: not the repository's paths to src/.
    paths: undefined,
    allowJs: true,
    checkJs: true,
    noEmit: true,
  })
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const block = diagnostic.file && byPath.get(diagnostic.file.fileName)
    const line =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
        : 0
    const where = block ? `${block.page}:${block.line + 1 + line}` : (diagnostic.file?.fileName ?? 'options')
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`
  })
}

describe('the README and docs/', () => {
  it('tag every fenced block as code to run, code for a page, commands or output', () => {
    const known = (fence: string) =>
      RUN.has(fence) || COMPILE_ONLY.has(fence) || fence === JSON_BLOCK || NOT_CODE.has(fence) || FROM_FILE.test(fence)
    const unknown = blocks.filter((block) => !known(block.fence))
    expect(unknown.map((block) => `${nameOf(block)} \`\`\`${block.fence}`)).toEqual([])
    expect(code.length).toBeGreaterThan(0)
  })

  it('hold code blocks that compile under the repository compiler options', () => {
    expect(compileErrors()).toEqual([])
  }, 60_000)

  it('quote the files of the projects other runners run word for word', () => {
    const quoted = blocks.filter((block) => FROM_FILE.test(block.fence))
    expect(quoted.length).toBeGreaterThan(0)
    const drifted = quoted.filter((block) => {
      const file = FROM_FILE.exec(block.fence)![1]!
      try {
        return !readFileSync(new URL(file, root), 'utf8').includes(block.code)
      } catch {
        return true
      }
    })
    expect(drifted.map((block) => `${nameOf(block)} (${block.fence})`)).toEqual([])
  })

  it('hold configuration blocks that are JSON', () => {
    const invalid = blocks
      .filter((block) => block.fence === JSON_BLOCK)
      .filter((block) => {
        try {
          JSON.parse(block.code)
          return false
        } catch {
          return true
        }
      })
    expect(invalid.map(nameOf)).toEqual([])
  })

  it('import from vitest every test function their blocks call, so they run without globals', () => {
    // A Playwright test file takes `test` and `expect` from its own runner.
    const missing = code
      .filter((block) => block.fence !== 'ts playwright')
      .flatMap((block) => {
        const imported = new Set(
          /import \{([^}]*)\} from 'vitest'/
            .exec(block.code)?.[1]
            ?.split(',')
            .map((name) => name.trim()) ?? [],
        )
        return VITEST_GLOBALS.filter((name) => new RegExp(`(^|[^.\\w])${name}\\(`, 'm').test(block.code))
          .filter((name) => !imported.has(name))
          .map((name) => `${nameOf(block)}: ${name}`)
      })
    expect(missing).toEqual([])
  })

  it('give the official client a basePath wherever they make a Configuration', () => {
    const configurations = [...texts.values()].flatMap((text) =>
      [...text.matchAll(/new Configuration\(([^)]*)\)/g)].map((match) => match[1]!),
    )
    expect(configurations.length).toBeGreaterThan(0)
    expect(configurations.filter((options) => !options.includes('basePath'))).toEqual([])
  })

  it('keep the two set-up commands at the top of the README', () => {
    const first = blocks.find((block) => block.page === 'README.md')!
    expect(first.code).toMatch(/^npm ci && npm start\b/m)
    expect(first.code).toMatch(/^npm ci && npm test\b/m)
  })

  it('say how to install from a packed tarball, and how to stop a server started in the background', () => {
    expect(readme).toContain('npm pack')
    expect(readme).toMatch(/npm i -D \S*conversation-asset-mock-\d+\.\d+\.\d+\.tgz/)
    expect(readme).toContain('`npm start & … kill $!` frees the port')
  })

  it('say reset() goes back to the current scenario, not always the fixtures', () => {
    expect(texts.get('docs/control-plane.md')).toMatch(
      /`reset\(\)` \| back to the current scenario[^|]*not always the fixtures/,
    )
  })

  it('link only to files, pages and headings that exist', () => {
    const broken = [...texts].flatMap(([page, text]) =>
      [...text.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)]
        .filter((match) => !/^https?:/.test(match[1]!))
        .filter((match) => !linkResolves(page, match[1]!, match[2]))
        .map((match) => `${page}: ${match[0].slice(1)}`),
    )
    expect(broken).toEqual([])
  })
})

const runnable = code.filter((block) => RUN.has(block.fence))
const urlOf = (block: Block) => pathToFileURL(files.get(block)!.pathname).href

// A block that is a test file: its hooks and tests are collected into a suite of their own.
for (const block of runnable.filter(callsTests)) {
  describe(`the test at ${nameOf(block)}`, async () => {
    await import(urlOf(block))
  })
}

/** What a block's `console.log(…) // expected` lines say they print, in order. */
const expectedPrints = (block: Block) =>
  [...block.code.matchAll(/^\s*console\.log\(.*\) \/\/ (.+)$/gm)].map((match) => match[1]!.trim())

// Any other block runs to its end without throwing, and prints what its comments say (to the test, not the run's
// output).
for (const block of runnable.filter((candidate) => !callsTests(candidate))) {
  it(`runs the code at ${nameOf(block)} to its end`, async () => {
    const printed: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
      printed.push(values.map(String).join(' '))
    })
    try {
      await expect(import(urlOf(block))).resolves.toBeDefined()
    } finally {
      log.mockRestore()
    }
    expect(printed).toEqual(expectedPrints(block))
  })
}
