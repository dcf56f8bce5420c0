import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SCANNED = ['src', 'test', 'scripts', 'bench']
const SKIPPED = new Set(['node_modules', 'dist', '.legs', 'storybook-static'])
const CODE = /\.(?:[cm]?[jt]sx?|sh)$/

/** Every code file under the scanned folders, as paths relative to the root. */
function codeFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return []
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return codeFiles(path)
    return CODE.test(entry.name) ? [path] : []
  })
}

/**
 * The relative paths in `text` that, resolved from `file`'s folder, lead out
 * of the repository, and any absolute path into a sibling "shared" folder.
 */
function pathsOutside(file: string, text: string): string[] {
  const found = new Set<string>()
  for (const [, path] of text.matchAll(/['"`]((?:\.\.\/)+[^'"`$\s]*|\.\.)['"`]/g)) {
    const target = resolve(root, dirname(file), path!)
    if (target !== resolve(root) && !target.startsWith(resolve(root) + sep)) found.add(path!)
  }
  for (const [, path] of text.matchAll(/['"`]([^'"`\s]*\/shared\/(?:spec|contract)\b[^'"`\s]*)/g)) found.add(path!)
  return [...found]
}

describe('the repository', () => {
  it('finds a path that climbs out of the repository, and passes one that stays inside', () => {
    // Built at run time, so this file does not hold the path it looks for.
    const climbing = ['..', '..', '..', 'shared', 'spec', 'service-spec.md'].join('/')
    expect(pathsOutside('test/routes/x.test.ts', `readFileSync('${climbing}')`)).toEqual([climbing])
    expect(pathsOutside('src/x.ts', `'${['', 'srv', 'shared', 'contract', 'models.json'].join('/')}'`)).toHaveLength(1)
    expect(pathsOutside('test/routes/x.test.ts', "import '../../src/index.js'")).toEqual([])
  })

  it('has no test, script, bench or source file that reads outside it', () => {
    const files = SCANNED.flatMap(codeFiles)
    expect(files.length).toBeGreaterThan(100)
    const outside = files.flatMap((file) =>
      pathsOutside(file, readFileSync(join(root, file), 'utf8')).map((path) => `${relative('.', file)}: ${path}`),
    )
    expect(outside).toEqual([])
  })
})
