import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

// Where a request's operation starts running, in the ES module build (names are kept when it is minified).
const EXECUTE = 'function executeOperation(operation,input,environment){'
const CREATE = 'conversationsCreateSpecificConversation'

/** The new conversation's wire form as a create answers it, from the request body `body` at `now`. */
function wireForm({ id, now, body }) {
  const none = () => ({ iterable: [], indices: {} })
  return {
    id,
    created: { value: now, readable: 'Just now...' },
    updated: { value: now, readable: 'Just now...' },
    type: body.type,
    favorited: false,
    messages: none(),
    annotations: none(),
    assets: none(),
    websites: none(),
    anchors: none(),
    summaries: none(),
    grounding: { messages: none(), temporal: { workstreams: none() } },
    score: { manual: 0, automatic: 0 },
    name: body.name,
  }
}

/** One create's answer, made once for the `pipeline` variant. */
const RECORDED = JSON.stringify(
  wireForm({
    id: '6ac1f43f-b867-4f9d-8001-7ee44d65aadf',
    now: '2026-11-30T03:42:08.290Z',
    body: { type: 'COPILOT', name: 'Bench conversation' },
  }),
)

/**
 * What `POST /conversations/create` does in each variant of a build, put first in `executeOperation`:
 * `floor` parses the body, builds the new conversation's wire form and serializes it, and keeps
 * nothing (no store, journal, body check or renderer); `pipeline` answers one text made beforehand,
 * so only the server's own path around the operation runs.
 */
const CREATE_VARIANTS = {
  floor: `if(operation.id==='${CREATE}'){const body=JSON.parse(input.body);return Promise.resolve({status:200,contentType:'application/json',body:JSON.stringify((${wireForm})({id:crypto.randomUUID(),now:new Date().toISOString(),body}))})}`,
  pipeline: `if(operation.id==='${CREATE}')return Promise.resolve({status:200,contentType:'application/json',body:${JSON.stringify(RECORDED)}});`,
}

/**
 * Copies the ES module build `from` to `to`, with `POST /conversations/create` answered as the
 * variant says (`floor` or `pipeline`, above).
 *
 * @example
 * createVariant('dist/esm', '.tmp/ceilings/floor', 'floor')
 */
export function createVariant(from, to, variant) {
  copyBuild(from, to)
  const chunks = readdirSync(to).filter((file) => readFileSync(join(to, file), 'utf8').includes(EXECUTE))
  if (chunks.length !== 1)
    throw new Error(
      `Failed to make the ${variant} variant of ${from}: ${chunks.length} files define executeOperation, not 1. Build it again with \`npm run build\` (names kept).`,
    )
  const file = join(to, chunks[0])
  writeFileSync(file, readFileSync(file, 'utf8').replace(EXECUTE, EXECUTE + CREATE_VARIANTS[variant]))
}

/**
 * Copies the ES module build `from` to `to` with the body of every function that V8's coverage
 * (`coverageDir`, written by a run of the build in `from`) saw never run emptied: what the build
 * would be if it loaded nothing a run like that does not use. Returns the JavaScript's size before
 * and after, in characters.
 *
 * @example
 * const { before, after } = emptyNeverRun('.tmp/ceilings/mock', '.tmp/ceilings/emptied', coverageDir)
 */
export function emptyNeverRun(from, to, coverageDir) {
  copyBuild(from, to)
  let before = 0
  let after = 0
  for (const script of coveredScripts(coverageDir, from)) {
    const file = join(to, script.file)
    const text = readFileSync(file, 'utf8')
    const emptied = withBodiesEmptied(text, script.neverRun)
    writeFileSync(file, emptied)
    before += text.length
    after += emptied.length
  }
  return { before, after }
}

/**
 * Copies the ES module build `from` to `to`, as it is.
 *
 * @example
 * copyBuild('dist/esm', '.tmp/ceilings/mock')
 */
export function copyBuild(from, to) {
  rmSync(to, { recursive: true, force: true })
  cpSync(from, to, { recursive: true })
}

/** The build's files the coverage covers, each with the ranges of its functions that never ran. */
function coveredScripts(coverageDir, build) {
  const scripts = []
  for (const name of readdirSync(coverageDir)) {
    const { result } = JSON.parse(readFileSync(join(coverageDir, name), 'utf8'))
    for (const script of result) {
      if (!script.url.startsWith('file:')) continue
      const path = fileURLToPath(script.url)
      if (!path.startsWith(`${build}/`)) continue
      const neverRun = script.functions
        .map((entry) => entry.ranges[0])
        .filter((range) => range.count === 0)
        .map((range) => [range.startOffset, range.endOffset])
      scripts.push({ file: path.slice(build.length + 1), neverRun })
    }
  }
  return scripts
}

/** `text` with the body of each outermost function lying inside one of `ranges` replaced by an empty one. */
function withBodiesEmptied(text, ranges) {
  const source = ts.createSourceFile('chunk.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const inside = (start, end) => ranges.some(([from, to]) => from <= start && end <= to)
  const edits = []
  const visit = (node) => {
    const body = ts.isFunctionLike(node) ? node.body : undefined
    if (body && inside(node.getStart(source), node.end)) {
      edits.push([body.getStart(source), body.end, ts.isBlock(body) ? '{}' : '(void 0)'])
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  let out = text
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + replacement + out.slice(end)
  return out
}
