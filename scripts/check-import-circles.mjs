// Fails on any import circle among the TypeScript modules of src/, types included: `import`, `import type`,
// `export … from`, `import('…')` (as a call or a type) and `import x = require('…')` are all arrows of the graph.
// oxlint's import/no-cycle skips type-only imports, and a circle of types still ties the files' meanings together
// (CONTRIBUTING.md: "no import circles, types included"). Each circle is reported as its set of files (a strongly
// connected component of the graph) and one path around it. Reads the sources with the TypeScript compiler's parser
// and resolves specifiers as tsconfig.json does (NodeNext: './x.js' is './x.ts'); nothing is type-checked or built.
// Part of `npm run lint`. Usage: node scripts/check-import-circles.mjs [folder, default src]
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const folder = resolve(root, process.argv[2] ?? 'src')

/** Every .ts and .tsx file under `dir`, generated ones included, declaration files not. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The module specifiers a file imports or re-exports, type-only ones included. */
function specifiersOf(file) {
  const text = readFileSync(file, 'utf8')
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  const found = []
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression
      if (ts.isStringLiteral(expression)) found.push(expression.text)
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) found.push(argument.literal.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
if (configFile.error) throw new Error(ts.flattenDiagnosticMessageText(configFile.error.messageText, '\n'))
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root)
const host = ts.createCompilerHost(options)
const cache = ts.createModuleResolutionCache(root, (name) => name, options)

const files = sourceFiles(folder)
const inGraph = new Set(files)
/** @type {Map<string, string[]>} each file's imports within the folder */
const graph = new Map(
  files.map((file) => {
    const targets = new Set()
    for (const specifier of specifiersOf(file)) {
      if (!specifier.startsWith('.')) continue
      const resolved = ts.resolveModuleName(specifier, file, options, host, cache).resolvedModule
      if (resolved === undefined) {
        throw new Error(
          `Failed to resolve '${specifier}' in ${relative(root, file)}: no such module. Fix the import, or run npm run generate if the file is generated.`,
        )
      }
      const target = resolve(resolved.resolvedFileName)
      if (inGraph.has(target) && target !== file) targets.add(target)
    }
    return [file, [...targets].sort()]
  }),
)

/** The strongly connected components of more than one file (Tarjan's algorithm, iterative). */
function circles() {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  let next = 0
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work = [[start, 0]]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const [node, at] = frame
      const targets = graph.get(node)
      if (at < targets.length) {
        frame[1]++
        const target = targets[at]
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          work.push([target, 0])
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1][0]
        low.set(parent, Math.min(low.get(parent), low.get(node)))
      }
      if (low.get(node) === index.get(node)) {
        const component = []
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          component.push(member)
        } while (member !== node)
        if (component.length > 1) found.push(component.sort())
      }
    }
  }
  return found
}

/** One shortest path from the component's first file back to itself, within the component. */
function pathAround(component) {
  const members = new Set(component)
  const start = component[0]
  const previous = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()
    for (const target of graph.get(node)) {
      if (!members.has(target)) continue
      if (target === start) {
        const path = [start]
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!previous.has(target)) {
        previous.set(target, node)
        queue.push(target)
      }
    }
  }
  return component
}

const name = (file) => relative(root, file).split('\\').join('/')
const found = circles().sort((a, b) => name(a[0]).localeCompare(name(b[0])))

for (const component of found) {
  console.error(`Import circle of ${component.length} files:`)
  for (const file of component) console.error(`  ${name(file)}`)
  console.error(`  one way around: ${pathAround(component).map(name).join(' → ')}`)
}
if (found.length > 0) {
  console.error(
    `Failed to keep ${name(folder)}/ free of import circles: ${found.length} found (type imports count). Move the shared type or function into the file that owns it, or into a small file both import.`,
  )
  process.exitCode = 1
} else {
  console.log(`No import circles in ${name(folder)}/ (${files.length} files, type imports included).`)
}
